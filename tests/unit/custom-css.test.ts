import { describe, expect, it } from "vitest";
import { MAX_CUSTOM_CSS_LENGTH, sanitizeCustomCss } from "~/domain/shops/custom-css.server";

const SCOPE = ".shop-custom-css";
const clean = (input: string) => sanitizeCustomCss(input, SCOPE);

/** CSS-unescapes text the way a browser would, to look for hidden `url(` or `</style`. */
function cssUnescape(text: string): string {
  return text.replace(/\\([0-9a-fA-F]{1,6})[ \t\n]?|\\([^\n])/g, (_m, hex: string | undefined, ch: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16) || 0xfffd) : (ch ?? ""),
  );
}

/** Splits on commas outside strings, escapes and parentheses. */
function splitSelectors(list: string): string[] {
  const parts = [""];
  let depth = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i] as string;
    let piece = ch;
    if (ch === "\\") piece = list.slice(i, ++i + 1);
    else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < list.length && list[j] !== ch) j += list[j] === "\\" ? 2 : 1;
      piece = list.slice(i, j + 1);
      i = j;
    } else if (ch === "(") depth++;
    else if (ch === ")") depth--;
    if (ch === "," && depth === 0) parts.push("");
    else parts[parts.length - 1] += piece;
  }
  return parts;
}

/**
 * Independent check of the output: walks it (skipping strings) and asserts every style
 * rule's selectors start with the scope, nothing is nested in a style rule, braces balance.
 */
function assertScoped(css: string): void {
  const stack: string[] = ["top"];
  let prelude = "";
  for (let i = 0; i < css.length; i++) {
    const ch = css[i];
    if (ch === "\\") {
      prelude += css.slice(i, i + 2); // an escaped character never starts a string or a block
      i++;
    } else if (ch === '"' || ch === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== ch) j += css[j] === "\\" ? 2 : 1;
      expect(j, `unterminated string in ${css}`).toBeLessThan(css.length);
      prelude += css.slice(i, j + 1);
      i = j;
    } else if (ch === "/" && css[i + 1] === "*") {
      expect.fail(`comment in ${css}`);
    } else if (ch === "{") {
      const head = prelude.trim();
      const parent = stack[stack.length - 1];
      prelude = "";
      if (/^@(media|supports)\b/.test(head)) stack.push("group");
      else if (/^@keyframes\b/.test(head)) stack.push("keyframes");
      else if (parent === "keyframes") stack.push("frame");
      else {
        expect(parent === "top" || parent === "group", `nested rule ${head}`).toBe(true);
        expect(head.startsWith("@"), `at-rule ${head}`).toBe(false);
        for (const selector of splitSelectors(head)) {
          const s = selector.trim();
          expect(s === SCOPE || s.startsWith(`${SCOPE} `), `unscoped selector "${s}" in ${css}`).toBe(true);
          const plain = cssUnescape(s).toLowerCase().replace(/\s+/g, "");
          expect(plain, `attribute selector in ${css}`).not.toContain("[");
          expect(plain, `:has() in ${css}`).not.toContain(":has(");
          expect(s.slice(SCOPE.length).trim(), `sibling combinator in ${css}`).not.toMatch(/^[+~]/);
        }
        stack.push("rule");
      }
    } else if (ch === "}") {
      stack.pop();
      expect(stack.length, `unbalanced } in ${css}`).toBeGreaterThan(0);
      prelude = "";
    } else if (ch === ";") prelude = "";
    else prelude += ch;
  }
  expect(stack, `unclosed block in ${css}`).toEqual(["top"]);
}

/** Everything the output must never contain, raw or after CSS unescaping. */
function assertSafe(css: string): void {
  expect(css).not.toContain("<");
  expect(css).not.toMatch(/<\/style/i);
  const decoded = cssUnescape(css).toLowerCase().replace(/\s+/g, "");
  for (const bad of ["url(", "image-set(", "expression(", "javascript:", "-moz-binding", "behavior", "@import"]) {
    expect(decoded, `${bad} in ${css}`).not.toContain(bad);
  }
  expect(decoded).not.toMatch(/<\/style/);
  assertScoped(css);
}

describe("sanitizeCustomCss: ordinary CSS", () => {
  it("keeps and scopes a simple rule", () => {
    const { css, removed } = clean(".checkout-banner { font-weight: 700; color: #ff0055 }");
    expect(css).toBe(".shop-custom-css .checkout-banner { font-weight: 700; color: #ff0055; }");
    expect(removed).toEqual([]);
  });

  it("is deterministic and keeps several rules on their own lines", () => {
    const input = "h1{color:red}\n\n.a  >  .b:hover::after { content: 'x'; margin: 0 auto !important }";
    const expected =
      '.shop-custom-css h1 { color: red; }\n.shop-custom-css .a > .b:hover::after { content: "x"; margin: 0 auto !important; }';
    expect(clean(input).css).toBe(expected);
    expect(clean(input).css).toBe(clean(input).css);
  });

  it("is idempotent, so sanitised CSS can be edited and saved again", () => {
    const input = 'body { margin: 0 } .a > .b, h1 { content: "1 < 2" } @media print { .c { color: red } } @keyframes k { to { top: 0 } }';
    const once = clean(input).css;
    expect(once).toContain(".shop-custom-css { margin: 0; }");
    expect(clean(once)).toEqual({ css: once, removed: [] });
    // The scope is only recognised as a whole selector, never as a prefix of a longer one.
    expect(clean(".shop-custom-css-x .a { top: 0 }").css).toBe(".shop-custom-css .shop-custom-css-x .a { top: 0; }");
  });

  it("scopes every selector of a selector list, but not commas inside :is()/:not()", () => {
    expect(clean("a, .b > p ,#c{color:red}").css).toBe(".shop-custom-css a, .shop-custom-css .b > p, .shop-custom-css #c { color: red; }");
    expect(clean(":is(h1, h2) a:not(.x, .y) { color: red }").css).toBe(".shop-custom-css :is(h1, h2) a:not(.x, .y) { color: red; }");
  });

  it("maps html, body and :root to the scope itself", () => {
    expect(clean("body { background: #fff }").css).toBe(".shop-custom-css { background: #fff; }");
    expect(clean("html { color: red }").css).toBe(".shop-custom-css { color: red; }");
    expect(clean(":root { --brand: #f05 }").css).toBe(".shop-custom-css { --brand: #f05; }");
    expect(clean("HTML BODY .title, body > p, :root { color: red }").css).toBe(
      ".shop-custom-css .title, .shop-custom-css > p, .shop-custom-css { color: red; }",
    );
    // Only whole type selectors are mapped: `.body` and `bodyx` are ordinary selectors.
    expect(clean(".body, bodyx { color: red }").css).toBe(".shop-custom-css .body, .shop-custom-css bodyx { color: red; }");
  });

  it("removes comments everywhere", () => {
    const { css } = clean("/* top */ .a /* sel */ { color: /* mid */ red; /* end */ } /* unclosed");
    expect(css).toBe(".shop-custom-css .a { color: red; }");
    expect(css).not.toContain("/*");
  });

  it("keeps @media and @supports, scoping the rules inside", () => {
    const { css, removed } = clean("@media (max-width: 600px) { .a { color: red } body { margin: 0 } }");
    expect(css).toBe("@media (max-width: 600px) { .shop-custom-css .a { color: red; } .shop-custom-css { margin: 0; } }");
    expect(removed).toEqual([]);
    expect(clean("@supports (display: grid) { @media print { .g { display: grid } } }").css).toBe(
      "@supports (display: grid) { @media print { .shop-custom-css .g { display: grid; } } }",
    );
  });

  it("keeps @keyframes unscoped but still filters their declarations", () => {
    const { css, removed } = clean(
      "@keyframes spin { from { transform: rotate(0) } 50%, to { transform: rotate(360deg); background: url(https://evil/k) } }",
    );
    expect(css).toBe("@keyframes spin { from { transform: rotate(0); } 50%, to { transform: rotate(360deg); } }");
    expect(removed).toEqual(["url() in background"]);
    expect(clean("@keyframes x { .a { color: red } }").css).toBe("");
  });

  it("keeps strings, custom properties and escaped identifiers", () => {
    expect(clean(`.a::before { content: "a   b\\"c"; font-family: 'Open Sans', serif; --My-Var: 1px }`).css).toBe(
      `.shop-custom-css .a::before { content: "a   b\\"c"; font-family: "Open Sans", serif; --My-Var: 1px; }`,
    );
    expect(clean(".md\\:flex { display: flex }").css).toBe(".shop-custom-css .md\\:flex { display: flex; }");
  });
});

describe("sanitizeCustomCss: </style> break-out", () => {
  const cases: Record<string, string> = {
    "in a value": ".a { color: red</style><script>alert(1)</script> }",
    "in a selector": ".a</style><script>alert(1)</script> { color: red }",
    "in a comment": "/* </style><script>alert(1)</script> */ .a { color: red }",
    "in a string": '.a::after { content: "</style><script>alert(1)</script>" }',
    "in a single-quoted string": ".a::after { content: '</style><img src=x onerror=alert(1)>' }",
    "upper case": ".a { color: red } </STYLE><script>alert(1)</script>",
    "self-closing": '.a { content: "</style/>" } </style/><script>alert(1)</script>',
    "with spaces and tab": '.a { content: "< /style >" } </style\t><b>',
    "hex-escaped in a string": '.a::after { content: "\\3c /style>\\3C script>alert(1)\\3c /script>" }',
    "hex-escaped in a value": ".a { color: \\3c/style\\3e }",
    "slash-escaped": '.a::after { content: "<\\/style>" } .b { color: <\\/STYLE> }',
    "in an at-rule prelude": "@media </style><script>alert(1)</script> { .a { color: red } }",
    "in a property name": ".a { </style>: red }",
    unterminated: ".a { content: '</style>",
  };
  for (const [name, input] of Object.entries(cases)) {
    it(`neutralises </style> ${name}`, () => {
      const { css } = clean(input);
      assertSafe(css);
      expect(cssUnescape(css).toLowerCase()).not.toContain("</style");
    });
  }

  it("escapes a lone < as the very last step, even when it came from an escape", () => {
    expect(clean('.a::after { content: "1 < 2" }').css).toBe('.shop-custom-css .a::after { content: "1 \\3c  2"; }');
    // `\3c ` decodes to `<` in the string value; it must be escaped again on output.
    expect(clean('.a::after { content: "1 \\3c  2" }').css).toBe('.shop-custom-css .a::after { content: "1 \\3c  2"; }');
    expect(clean(".a\\3c  .b { color: red }").css).toBe(".shop-custom-css .a\\3c  .b { color: red; }");
  });

  it("keeps the whitespace after an escape from being read as its terminator", () => {
    expect(clean(".x\\3c/**/a { top: 0 }").css).toBe(".shop-custom-css .x\\3c  a { top: 0; }");
    expect(clean(".x\\< a { top: 0 }").css).toBe(".shop-custom-css .x\\3c  a { top: 0; }");
  });

  it("drops what contains markup and says so", () => {
    const { css, removed } = clean('.a { content: "</style>"; color: red }');
    expect(css).toBe(".shop-custom-css .a { color: red; }");
    expect(removed).toEqual(["markup in content"]);
  });
});

describe("sanitizeCustomCss: at-rules", () => {
  it.each([
    ["@import url(https://evil/x.css);", "@import"],
    ['@import "x.css";', "@import"],
    ["@IMPORT 'x.css';", "@import"],
    ["@\\69mport 'x.css';", "@import"],
    ["@font-face { font-family: x; src: url(https://evil/font.woff) }", "@font-face"],
    ['@charset "utf-8";', '@charset "utf-8"'],
    ["@namespace svg url(http://www.w3.org/2000/svg);", "@namespace svg url(http://www.w3.org/2000/svg)"],
    ["@page { margin: 0 }", "@page"],
    ["@layer base { .a { color: red } }", "@layer base"],
    ["@container (min-width: 1px) { .a { color: red } }", "@container (min-width: 1px)"],
  ])("drops %s", (rule, note) => {
    const { css, removed } = clean(`${rule} .ok { color: blue }`);
    expect(css).toBe(".shop-custom-css .ok { color: blue; }");
    expect(removed).toEqual([note]);
    assertSafe(css);
  });

  it("drops @media with a dangerous prelude and deeply nested groups", () => {
    expect(clean("@media url(x) { .a { color: red } }").css).toBe("");
    expect(clean("@media [x] { .a { color: red } }").css).toBe("");
    const deep = "@media all { ".repeat(10) + ".a { color: red }" + " }".repeat(10);
    const { css } = clean(deep);
    assertSafe(css);
    expect(css).not.toContain(".a");
  });

  it("drops rules nested inside style rules (CSS nesting can leave the scope)", () => {
    const { css, removed } = clean(".a { color: red; :not(&) { display: none } & + .b { color: blue } @media print { x: y } }");
    expect(css).toBe(".shop-custom-css .a { color: red; }");
    expect(removed).toHaveLength(3);
  });
});

describe("sanitizeCustomCss: declarations that load or run things", () => {
  it.each([
    ["background: url(https://evil/?q=1)", "url() in background"],
    ["background-image: URL( 'x' )", "url() in background-image"],
    ['background: url("https://evil/")', "url() in background"],
    ["background: u\\72 l(https://evil/)", "url() in background"],
    ["background: u\\rl(https://evil/)", "url() in background"],
    ["background: \\75 rl(https://evil/)", "url() in background"],
    ["background: \\000075\\000072\\00006c(https://evil/)", "url() in background"],
    ["background: u/**/rl(https://evil/)", "url() in background"],
    ["b\\61 ckground: url(x)", "url() in background"],
    ["--img: url(https://evil/)", "url() in --img"],
    ["cursor: url(x.cur), auto", "url() in cursor"],
    ["background-image: image-set('a.png' 1x)", "image-set() in background-image"],
    ["background-image: -webkit-image-set(url(a.png) 1x)", "url() in background-image"],
    ["background-image: image('a.png')", "image() in background-image"],
    ["background-image: src('a.png')", "src() in background-image"],
    ["background: element(#secret)", "element() in background"],
    ["width: expression(alert(1))", "expression() in width"],
    ["width: EXPRESSION(alert(1))", "expression() in width"],
    ["width: expr/**/ession(alert(1))", "expression() in width"],
    ["background: javascript:alert(1)", "javascript: in background"],
    ["-moz-binding: url(https://evil/xbl.xml#x)", "property -moz-binding"],
    ["behavior: url(x.htc)", "property behavior"],
    ["b\\65havior: x", "property behavior"],
    ["content: '@import x'", "@import in content"],
  ])("drops %s", (declaration, note) => {
    const { css, removed } = clean(`.a { ${declaration}; color: red }`);
    expect(css).toBe(".shop-custom-css .a { color: red; }");
    expect(removed).toEqual([note]);
    assertSafe(css);
  });

  it("drops url(data:...) too, even though its `;` splits the declaration", () => {
    const { css, removed } = clean(".a { list-style: url(data:image/png;base64,AAAA); color: red }");
    expect(css).toBe(".shop-custom-css .a { color: red; }");
    expect(removed[0]).toBe("url() in list-style");
  });

  it("drops malformed declarations without losing the rest of the rule", () => {
    const { css, removed } = clean(".a { color; : red; 1x: y; width: calc(1px; height: (]; top: 'a\n; left: 0 }");
    expect(css).toBe(".shop-custom-css .a { left: 0; }");
    expect(removed.every((note) => note.startsWith("invalid declaration"))).toBe(true);
  });
});

describe("sanitizeCustomCss: selectors", () => {
  it("drops attribute selectors, which can read page data", () => {
    const { css, removed } = clean('input[value^="a"] { background: red } .ok { color: red }');
    expect(css).toBe(".shop-custom-css .ok { color: red; }");
    expect(removed).toEqual(['attribute selector input[value^="a"]']);
  });

  // prettier-ignore
  const UNSAFE_SELECTORS = [
    'input[value^="a"] { background: red }', "a, input[type=password] { color: red }", "a:is([href]) { color: red }",
    "a\\5b href\\5d { color: red }", "form:has(input) { color: red }", "form:HAS(input) { color: red }",
    "form:h\\61s(input) { color: red }", "form: has(input) { color: red }", "body ~ .x { color: red }",
    "+ .x { color: red }", "~ .x { color: red }", "a, , b { color: red }", ".a:not( { color: red }",
    "@x .a { color: red }", ".shop-custom-css ~ .x { color: red }", "html + .x { color: red }",
  ];
  it.each(UNSAFE_SELECTORS)("drops the whole rule for %s", (input) => {
    const { css, removed } = clean(input);
    expect(css).toBe("");
    expect(removed.length).toBeGreaterThan(0);
  });
});

describe("sanitizeCustomCss: garbage and limits", () => {
  // prettier-ignore
  const GARBAGE = [
    "", "   ", "}}}} .a { color: red }", ".a { color: red", ".a { color: red } } } .b { color: blue }",
    "{{{{ .a { color: red } }}}}", ".a { .b { .c { color: red } }", "color: red; .a", '"unterminated', "\\",
    ".a { color: red\\", "@media", "@media (x) {", "@", "a{b:c}@import", "/*", "\u0000.a\u0000{color:red}",
    ")]}{[( .a { color: red }", "<<<>>>{}</style>{}",
  ];
  it.each(GARBAGE)("never throws and never leaves anything unscoped: %j", (input) => {
    const { css } = clean(input);
    assertSafe(css);
  });

  it("keeps the list of removals short", () => {
    const { removed } = clean("}".repeat(500));
    expect(removed).toHaveLength(101);
    expect(removed.at(-1)).toBe("400 more");
  });

  it("keeps what is valid around garbage", () => {
    const { css } = clean("}}} .a { color: red } }} .b { color: blue");
    expect(css).toBe(".shop-custom-css .a { color: red; }\n.shop-custom-css .b { color: blue; }");
  });

  it("truncates over-long input before parsing", () => {
    const rule = ".a { color: red }\n";
    const input = rule.repeat(Math.ceil((MAX_CUSTOM_CSS_LENGTH + 100) / rule.length));
    const { css, removed } = clean(input);
    expect(removed).toContain(`input truncated to ${MAX_CUSTOM_CSS_LENGTH} characters`);
    expect(css.split("\n").length).toBeLessThanOrEqual(Math.ceil(MAX_CUSTOM_CSS_LENGTH / rule.length));
    assertSafe(css);
    expect(clean(rule.repeat(10)).removed).toEqual([]);
  });

  it("survives random fragments of hostile CSS", () => {
    // Separated by "|"; includes a space and a newline.
    const fragments = (
      "{|}|;|:|,|(|)|[|]|\"|'|\\|\n|/*|*/| |<|/|@media|@import|@keyframes|url(|u\\72 l(|body|:root|+|~|>|&|.a|" +
      "color|red|</style>|\\3c|expression(|:has(|[x]|@font-face|50%|!important|\\0"
    )
      .split("|")
      .concat([".a { color: red }", "body { margin: 0 }", "@media print { .b { color: blue } }", "a, b { top: 0 }"]);
    let seed = 42;
    let kept = 0;
    const random = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let run = 0; run < 400; run++) {
      let input = "";
      for (let n = 0; n < 20; n++) input += fragments[Math.floor(random() * fragments.length)];
      const { css } = clean(input);
      assertSafe(css);
      expect(clean(css).css).toBe(css);
      if (css !== "") kept++;
    }
    expect(kept).toBeGreaterThan(10); // the fuzzing does reach the serialiser
  });
});

describe("sanitizeCustomCss: recovery and edge cases of the css-tree parser", () => {
  it("drops stray closing brackets at the top level and keeps the rule after them", () => {
    expect(clean(") ] } .a { color: red }").css).toBe(".shop-custom-css .a { color: red; }");
    expect(clean(".a { color: red } ) .b { color: blue }").css).toBe(
      ".shop-custom-css .a { color: red; }\n.shop-custom-css .b { color: blue; }",
    );
  });

  it("drops a declaration with an unclosed ( or [ at its ; or at the end of the block, keeping the next rule", () => {
    const { css, removed } = clean(".a { top: 0; width: calc(1px } .b { color: blue; grid-area: [x; left: 0 }");
    expect(css).toBe(".shop-custom-css .a { top: 0; }\n.shop-custom-css .b { color: blue; left: 0; }");
    expect(removed).toEqual(["invalid declaration width: calc(1px", "invalid declaration grid-area: [x"]);
  });

  it("drops a rule whose selector leaves a ( open, with its whole block", () => {
    const { css, removed } = clean(".a:not( { color: red } .b { color: blue }");
    expect(css).toBe(".shop-custom-css .b { color: blue; }");
    expect(removed).toEqual(["invalid selector .a:not("]);
  });

  it("drops a declaration holding a bad (newline-broken) string only", () => {
    expect(clean('.a { content: "x\n; color: red }').css).toBe(".shop-custom-css .a { color: red; }");
  });

  it("does not overflow on deeply nested brackets or blocks", () => {
    const deepValue = `.a { width: ${"(".repeat(5000)}${")".repeat(5000)} } .b { color: blue }`;
    expect(clean(deepValue).css).toBe(".shop-custom-css .b { color: blue; }");
    const deepBlocks = `${"@media all { ".repeat(1000)}.a { color: red }${" }".repeat(1000)} .b { color: blue }`;
    expect(clean(deepBlocks).css).toBe(".shop-custom-css .b { color: blue; }");
  });

  it("treats comments as whitespace but keeps comment-like text inside strings", () => {
    expect(clean('.a/**/.b{content:"/* kept */"/**/}').css).toBe('.shop-custom-css .a .b { content: "/* kept */"; }');
    expect(clean("<!-- .a { color: red } -->").css).toBe(".shop-custom-css .a { color: red; }");
  });

  it("drops @import wherever it appears", () => {
    const { css, removed } = clean(".a { color: red } @import url(x.css); @media print { @import 'y.css'; .b { color: blue } }");
    expect(css).toBe(".shop-custom-css .a { color: red; }\n@media print { .shop-custom-css .b { color: blue; } }");
    expect(removed).toEqual(["@import", "@import"]);
  });

  it.each([
    ["--x: u\\72 l(x)", "url() in --x"],
    ["background: \\69 mage-set('a.png' 1x)", "image-set() in background"],
    ["background: \\75 rl(x)", "url() in background"],
    ['--x: "</style><script>"', "markup in --x"],
    ["content: '\\3c /style>'", "markup in content"],
    ["width: expression(alert(1))", "expression() in width"],
  ])("drops %s in a declaration", (declaration, note) => {
    const { css, removed } = clean(`.a { ${declaration}; top: 0 }`);
    expect(css).toBe(".shop-custom-css .a { top: 0; }");
    expect(removed).toEqual([note]);
    assertSafe(css);
  });

  it("drops loads and markup in selectors and @supports/@media preludes", () => {
    expect(clean(".a:expression(x) { color: red }").css).toBe("");
    expect(clean("@supports (background: \\75 rl(x)) { .a { color: red } }").css).toBe("");
    expect(clean("@media (min-width: 1px) </style> { .a { color: red } }").css).toBe("");
  });

  it("drops @font-face and @namespace, escaped or nested in @media", () => {
    const { css, removed } = clean("@media print { @font-face { src: local(x) } .a { top: 0 } } @n\\61 mespace x; .b { top: 0 }");
    expect(css).toBe("@media print { .shop-custom-css .a { top: 0; } }\n.shop-custom-css .b { top: 0; }");
    expect(removed).toEqual(["@font-face", "@namespace x"]);
  });

  it("keeps @media nested four deep and drops the fifth level", () => {
    const nest = (levels: number) => "@media all { ".repeat(levels) + ".a { color: red }" + " }".repeat(levels);
    expect(clean(nest(4)).css).toBe("@media all { ".repeat(4) + ".shop-custom-css .a { color: red; }" + " }".repeat(4));
    expect(clean(nest(5)).css).toBe("");
  });

  it("keeps !important in canonical form and drops other ! annotations", () => {
    const { css, removed } = clean(".a { top: 0 ! important; --x: 1px !IMPORTANT; color: red !ie }");
    expect(css).toBe(".shop-custom-css .a { top: 0 !important; --x: 1px !important; }");
    expect(removed).toEqual(["invalid declaration color: red"]);
  });

  it("drops selectors it cannot scope safely: nesting, namespaces, escaped brackets", () => {
    for (const input of ["& .a { color: red }", "ns|a { color: red }", "*|a { color: red }", ".a\\[x\\] { color: red }"]) {
      expect(clean(input).css, input).toBe("");
    }
    expect(clean("*, *::before { box-sizing: border-box }").css).toBe(
      ".shop-custom-css *, .shop-custom-css *::before { box-sizing: border-box; }",
    );
  });

  it("drops custom properties whose value is not a plain value (blocks, empty)", () => {
    const { css } = clean(".a { --x: { color: red }; --y: ; --z: 2px }");
    expect(css).toBe(".shop-custom-css .a { --z: 2px; }");
  });
});
