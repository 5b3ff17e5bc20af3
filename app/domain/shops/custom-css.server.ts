/**
 * Seller custom CSS, made safe to inline in a `<style>` element on the shop page.
 * Pipeline: repair brackets on css-tree's tokens -> css-tree parse -> keep only what is
 * allowed, scoped under `scopeSelector` -> generate from the AST -> escape every `<` last.
 * Nothing is ever copied through unparsed (`Raw` nodes are refused), so garbage can only lose rules.
 */
import { generate, parse, tokenize, tokenTypes as T } from "css-tree";
import type { Atrule, CssNode, Declaration, GenerateHandlers, Rule, Selector, SelectorList } from "css-tree";

export const MAX_CUSTOM_CSS_LENGTH = 20_000;
const MAX_AT_RULE_DEPTH = 4;
const MAX_NOTES = 100; // `removed` is for logs; garbage input must not make it huge
// css-tree parses recursively; deeper input is dropped before it reaches the parser.
const MAX_BLOCK_DEPTH = 8;
const MAX_BRACKET_DEPTH = 32;

const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);

/** CSS-unescapes text, so `u\72 l` and `\75 rl` both read `url`. */
function decodeEscapes(raw: string): string {
  let out = "";
  for (let i = 0; i < raw.length;) {
    if (raw[i] !== "\\" || i + 1 >= raw.length) {
      out += raw[i++];
      continue;
    }
    let j = i + 1;
    if (!isHex(raw[j])) {
      out += raw[j];
      i = j + 1;
      continue;
    }
    while (j < raw.length && j - i <= 6 && isHex(raw[j])) j++;
    const cp = parseInt(raw.slice(i + 1, j), 16);
    if (raw[j] === " " || raw[j] === "\t" || raw[j] === "\n") j++;
    out += cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? String.fromCodePoint(cp) : "\ufffd";
    i = j;
  }
  return out;
}

/**
 * Makes the bracket structure unambiguous before css-tree sees it, keeping the old
 * recovery: unbalanced `}` `)` `]` are dropped, a declaration (or prelude) with an
 * unclosed `(`/`[` or a bad string is dropped whole instead of swallowing what follows,
 * too-deep blocks are skipped, and comments become whitespace (never re-joining tokens).
 */
function repair(source: string, removed: string[]): string {
  let out = "";
  let segmentStart = 0; // where the current declaration / prelude starts in `out`
  let brackets: string[] = []; // closers expected in the current segment
  let broken = false;
  const blocks: ("rule" | "at")[] = []; // open `{` blocks: style rule or at-rule
  let segmentEmpty = true; // no token but whitespace yet in the current segment
  let atRuleSegment = false; // the current segment starts with an at-keyword
  let skipping = 0; // > 0: inside a dropped block, counting its braces
  const dropSegment = (note: string) => {
    const text = out.slice(segmentStart).trim();
    out = out.slice(0, segmentStart);
    removed.push(`${note} ${text}`.trim());
  };
  const endSegment = (note: string) => {
    if (brackets.length > 0 || broken) dropSegment(note);
    brackets = [];
    broken = false;
    atRuleSegment = false;
    segmentEmpty = true;
  };
  tokenize(source, (type, start, end) => {
    const text = source.slice(start, end);
    if (skipping > 0) {
      if (type === T.LeftCurlyBracket) skipping++;
      else if (type === T.RightCurlyBracket) skipping--;
      return;
    }
    if (segmentEmpty && type !== T.WhiteSpace && type !== T.Comment) {
      segmentEmpty = false;
      atRuleSegment = type === T.AtKeyword;
    }
    switch (type) {
      case T.Comment:
        out += "  "; // two: a hex escape just before may take one as its terminator
        return;
      case T.Semicolon: {
        const dropped = brackets.length > 0 || broken;
        endSegment(blocks.length > 0 ? "invalid declaration" : "garbage");
        if (!dropped) out += ";"; // `;;` would come back as an empty Raw node
        segmentStart = out.length;
        return;
      }
      case T.LeftCurlyBracket:
        // CSS nesting could reach outside the scope (`:not(&)`); nested blocks are dropped.
        if (brackets.length > 0 || broken || blocks.length >= MAX_BLOCK_DEPTH || blocks.at(-1) === "rule") {
          dropSegment(blocks.at(-1) === "rule" ? "nested rule" : blocks.length >= MAX_BLOCK_DEPTH ? "nested too deep" : "invalid selector");
          brackets = [];
          broken = false;
          atRuleSegment = false;
          segmentEmpty = true;
          skipping = 1;
          segmentStart = out.length;
          return;
        }
        blocks.push(atRuleSegment ? "at" : "rule");
        atRuleSegment = false;
        segmentEmpty = true;
        out += "{";
        segmentStart = out.length;
        return;
      case T.RightCurlyBracket:
        if (blocks.length === 0) {
          removed.push("unbalanced }");
          return;
        }
        endSegment("invalid declaration");
        blocks.pop();
        out += "}";
        segmentStart = out.length;
        return;
      case T.LeftParenthesis:
      case T.Function:
      case T.LeftSquareBracket:
        brackets.push(type === T.LeftSquareBracket ? "]" : ")");
        if (brackets.length > MAX_BRACKET_DEPTH) broken = true;
        break;
      case T.RightParenthesis:
      case T.RightSquareBracket:
        if (brackets.at(-1) !== text) return; // unbalanced: dropped
        brackets.pop();
        break;
      case T.BadString:
      case T.BadUrl:
        broken = true;
        break;
    }
    out += text;
  });
  endSegment(blocks.length > 0 ? "invalid declaration" : "garbage");
  return out;
}

/** A space after `,` (and `:` outside selectors): css-tree emits the minimal form. */
const readable =
  (spaceAfterColon: boolean) =>
  (handlers: GenerateHandlers): GenerateHandlers => {
    const token = handlers.token;
    return {
      ...handlers,
      token(type, value, suppressAutoWhiteSpace) {
        token.call(this, type, value, suppressAutoWhiteSpace);
        if (type === T.Comma || (spaceAfterColon && type === T.Colon)) handlers.emit.call(this, " ", T.WhiteSpace, true);
      },
    };
  };

/**
 * Text generated from an AST node. `\<` is re-encoded as `\3c ` so the final `<`
 * escaping cannot turn it into `\\3c ` (escaped backslash + text).
 */
function text(node: CssNode, inSelector = false): string {
  return generate(node, { decorator: readable(!inSelector) }).replace(/\\([\s\S])/g, (m: string, ch: string) => (ch === "<" ? "\\3c " : m));
}

// Checked on CSS-unescaped text: anything that can fetch a resource or run script.
const LOADS = ["url(", "image-set(", "image(", "src(", "element(", "cross-fade(", "@import"];
const SCRIPTS = ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior"];
// Tag-like text is refused outright (defence in depth on top of the final `<` escaping).
const MARKUP = /<\s*\/|<[!?a-z]/;

/** First banned construct in the decoded text, also looked for with whitespace removed. */
function banned(css: string): string | null {
  const decoded = decodeEscapes(css).toLowerCase();
  const squeezed = decoded.replace(/\s+/g, "");
  const hit = [...LOADS, ...SCRIPTS].find((word) => decoded.includes(word) || squeezed.includes(word));
  if (hit) return hit.endsWith("(") ? `${hit})` : hit;
  return MARKUP.test(decoded) ? "markup" : null;
}

/** Node types a kept value or prelude may contain; `Url` and `Raw` are never kept. */
const VALUE_NODES = new Set([
  "Value",
  "Identifier",
  "Function",
  "Parentheses",
  "Brackets",
  "String",
  "Number",
  "Dimension",
  "Percentage",
  "Hash",
  "Operator",
  "UnicodeRange",
]);
const PRELUDE_NODES = new Set([
  ...VALUE_NODES,
  "AtrulePrelude",
  "MediaQueryList",
  "MediaQuery",
  "Condition",
  "Feature",
  "FeatureRange",
  "FeatureFunction",
  "GeneralEnclosed",
  "SupportsDeclaration",
  "Declaration",
  "Ratio",
]);

function onlyNodes(node: CssNode, allowed: Set<string>): boolean {
  let ok = true;
  walkAll(node, (child) => {
    if (!allowed.has(child.type)) ok = false;
  });
  return ok;
}

/** Visits every node below (and including) `node`, without css-tree's walker context. */
function walkAll(node: CssNode, visit: (node: CssNode) => void): void {
  visit(node);
  const record = node as unknown as Record<string, unknown>;
  for (const key of [
    "children",
    "value",
    "prelude",
    "block",
    "selector",
    "nth",
    "declaration",
    "condition",
    "query",
    "left",
    "middle",
    "right",
  ]) {
    const child = record[key];
    if (child && typeof child === "object") {
      if ("forEach" in child && typeof child.forEach === "function")
        (child as { forEach: (fn: (n: CssNode) => void) => void }).forEach((n) => walkAll(n, visit));
      else if ("type" in child) walkAll(child as CssNode, visit);
    }
  }
}

const PROPERTY = /^(?:--[a-zA-Z0-9_-]+|-?[a-zA-Z][a-zA-Z0-9-]*)$/;

function sanitizeDeclaration(decl: Declaration, removed: string[]): string | null {
  const raw = decodeEscapes(decl.property);
  const prop = raw.startsWith("--") ? raw : raw.toLowerCase();
  const value = text(decl.value).trim();
  if (prop === "behavior" || prop === "-moz-binding") {
    removed.push(`property ${prop}`);
    return null;
  }
  const bad = banned(`${decl.property}:${value}`);
  if (bad) {
    removed.push(`${bad} in ${prop || "declaration"}`);
    return null;
  }
  // `!IMPORTANT` comes back as a string; other `!` annotations (`!ie` hacks) are refused.
  const important = decl.important === true || (typeof decl.important === "string" && decl.important.toLowerCase() === "important");
  const valid =
    PROPERTY.test(prop) &&
    value !== "" &&
    (decl.important === false || important) &&
    decl.value.type === "Value" &&
    onlyNodes(decl.value, VALUE_NODES);
  if (!valid) {
    removed.push(`invalid declaration ${prop}: ${value}`);
    return null;
  }
  return `${prop}: ${value}${important ? " !important" : ""};`;
}

function sanitizeBlock(rule: Rule, removed: string[]): string[] {
  const out: string[] = [];
  rule.block.children.forEach((node) => {
    if (node.type === "Declaration") {
      const decl = sanitizeDeclaration(node, removed);
      if (decl) out.push(decl);
    } else if (node.type === "Rule" || node.type === "Atrule") {
      // CSS nesting could reach outside the scope (`:not(&)`); nested blocks are dropped.
      removed.push(`nested rule ${node.type === "Rule" ? text(node.prelude, true) : `@${node.name}`}`);
    } else removed.push(`invalid declaration ${node.type === "Raw" ? node.value.trim() : node.type}`);
  });
  return out;
}

/** Node types a kept selector may contain (arguments of `:is()`, `:nth-child()`, `:lang()` included). */
const SELECTOR_NODES = new Set([
  "Selector",
  "SelectorList",
  "TypeSelector",
  "ClassSelector",
  "IdSelector",
  "PseudoClassSelector",
  "PseudoElementSelector",
  "Combinator",
  "Nth",
  "AnPlusB",
  "Identifier",
]);

const ROOTISH = new Set(["html", "body"]);
const isRootish = (node: CssNode | undefined) =>
  (node?.type === "TypeSelector" && ROOTISH.has(decodeEscapes(node.name).toLowerCase())) ||
  (node?.type === "PseudoClassSelector" && node.children === null && decodeEscapes(node.name).toLowerCase() === "root");

/** One scoped selector from the AST, or the reason it is refused. */
function scopeSelector(selector: Selector, scope: string): { css: string } | { reason: string } {
  let reason: string | null = null;
  walkAll(selector, (node) => {
    if (reason) return;
    if (node.type === "AttributeSelector") reason = "attribute selector";
    else if (node.type === "PseudoClassSelector" && decodeEscapes(node.name).toLowerCase() === "has") reason = ":has() selector";
    else if (!SELECTOR_NODES.has(node.type))
      reason = "invalid selector"; // `&`, `Raw`, ...
    else if (node.type === "TypeSelector" && node.name.includes("|")) reason = "invalid selector";
  });
  if (reason) return { reason };
  const parts = selector.children.toArray();
  if (parts.length === 0) return { reason: "empty selector in" };
  const plain = decodeEscapes(text(selector, true)).toLowerCase().replace(/\s+/g, "");
  // Escaped brackets or names are caught on the decoded text too.
  if (plain.includes("[")) return { reason: "attribute selector" };
  if (plain.includes(":has")) return { reason: ":has() selector" };
  if (banned(text(selector, true))) return { reason: "unsafe selector" };
  const next = () => parts[0];
  const afterFirst = () => parts[1];
  const dropLeading = () => {
    parts.shift();
    const combinator = next();
    if (combinator?.type === "Combinator" && combinator.name === " ") parts.shift();
  };
  while (isRootish(next()) && (afterFirst() === undefined || afterFirst()?.type === "Combinator")) dropLeading();
  // Already scoped (sanitised CSS saved again): don't prefix twice, so the function is idempotent.
  if (next() && text(next() as CssNode, true) === scope && (afterFirst() === undefined || afterFirst()?.type === "Combinator"))
    dropLeading();
  const first = next();
  // `+`/`~` after the scope would match the scope's siblings, outside the shop area.
  if (first?.type === "Combinator" && first.name !== ">") return { reason: "selector escaping the scope" };
  const rest = parts.map((node) => (node.type === "Combinator" ? (node.name === " " ? " " : ` ${node.name} `) : text(node, true))).join("");
  return { css: rest.trim() === "" ? scope : `${scope} ${rest.trim()}` };
}

function scopeSelectorList(prelude: Rule["prelude"], scope: string, removed: string[]): string | null {
  if (prelude.type !== "SelectorList") {
    removed.push(`invalid selector ${text(prelude, true).trim()}`);
    return null;
  }
  const out: string[] = [];
  for (const selector of (prelude as SelectorList).children.toArray()) {
    if (selector.type !== "Selector") {
      removed.push(`invalid selector ${text(prelude, true).trim()}`);
      return null;
    }
    const scoped = scopeSelector(selector, scope);
    if ("reason" in scoped) {
      removed.push(`${scoped.reason} ${text(selector, true).trim() || text(prelude, true).trim()}`);
      return null;
    }
    out.push(scoped.css);
  }
  return out.join(", ");
}

const KEYFRAME_SELECTOR = /^(?:from|to|\d{1,3}(?:\.\d+)?%)$/i;

/** `from`, `to`, `50%` lists; they are not scoped (they only apply inside @keyframes). */
function keyframeSelector(prelude: Rule["prelude"], removed: string[]): string | null {
  const parts: string[] = [];
  let ok = prelude.type === "SelectorList";
  if (prelude.type === "SelectorList") {
    prelude.children.forEach((selector) => {
      const only = selector.type === "Selector" ? selector.children.toArray() : [];
      const node = only[0];
      const part = only.length === 1 && node && (node.type === "TypeSelector" || node.type === "Percentage") ? text(node, true) : "";
      if (KEYFRAME_SELECTOR.test(part)) parts.push(part);
      else ok = false;
    });
  }
  if (ok && parts.length > 0) return parts.join(", ");
  removed.push(`invalid keyframe selector ${text(prelude, true).trim()}`);
  return null;
}

const GROUPS = ["media", "supports", "keyframes"];

function sanitizeAtRule(node: Atrule, scope: string, removed: string[], inKeyframes: boolean, depth: number): string | null {
  const name = decodeEscapes(node.name).toLowerCase();
  const prelude = node.prelude ? text(node.prelude).trim() : "";
  const label = `@${name}${prelude ? ` ${prelude}` : ""}`;
  const allowed = !inKeyframes && GROUPS.includes(name) && depth < MAX_AT_RULE_DEPTH;
  if (!allowed || !node.block) {
    removed.push(name === "import" || name === "font-face" ? `@${name}` : label);
    return null;
  }
  const preludeOk =
    name === "keyframes"
      ? /^-?[a-zA-Z_][a-zA-Z0-9_-]*$/.test(prelude)
      : prelude !== "" &&
        node.prelude !== null &&
        onlyNodes(node.prelude, PRELUDE_NODES) &&
        !banned(prelude) &&
        !/\[|:has/.test(decodeEscapes(prelude).toLowerCase().replace(/\s+/g, ""));
  if (!preludeOk) {
    removed.push(`invalid prelude ${label}`);
    return null;
  }
  const inner = sanitizeNodes(node.block.children.toArray(), scope, removed, name === "keyframes", depth + 1);
  return inner.length > 0 ? `@${name} ${prelude} { ${inner.join(" ")} }` : null;
}

function sanitizeNodes(nodes: CssNode[], scope: string, removed: string[], inKeyframes: boolean, depth: number): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type === "Rule") {
      const selector = inKeyframes ? keyframeSelector(node.prelude, removed) : scopeSelectorList(node.prelude, scope, removed);
      const decls = selector === null ? [] : sanitizeBlock(node, removed);
      if (selector !== null && decls.length > 0) out.push(`${selector} { ${decls.join(" ")} }`);
    } else if (node.type === "Atrule") {
      const rule = sanitizeAtRule(node, scope, removed, inKeyframes, depth);
      if (rule) out.push(rule);
    } else removed.push(`garbage ${node.type === "Raw" ? node.value.trim() : node.type}`);
  }
  return out;
}

/**
 * Returns CSS safe to put inside `<style>`: every rule scoped under `scopeSelector`, no
 * remote loads, no attribute/`:has()` selectors, no `<` at all. `removed` says what was dropped.
 */
export function sanitizeCustomCss(input: string, scopeSelector: string): { css: string; removed: string[] } {
  const removed: string[] = [];
  let source = input;
  if (source.length > MAX_CUSTOM_CSS_LENGTH) {
    source = source.slice(0, MAX_CUSTOM_CSS_LENGTH);
    removed.push(`input truncated to ${MAX_CUSTOM_CSS_LENGTH} characters`);
  }
  // Same preprocessing as the CSS spec: one newline form, no NUL.
  source = source.replace(/\r\n?|\f/g, "\n").replace(/\u0000/g, "\ufffd");
  const repaired = repair(source, removed);
  const tree = parse(repaired, {
    parseValue: true,
    parseCustomProperty: true,
    parseRulePrelude: true,
    parseAtrulePrelude: true,
    onParseError: () => undefined, // broken parts come back as `Raw` nodes, which are refused
  });
  const nodes = tree.type === "StyleSheet" ? tree.children.toArray() : [];
  const css = sanitizeNodes(nodes, scopeSelector, removed, false, 0).join("\n");
  if (removed.length > MAX_NOTES) removed.splice(MAX_NOTES, Infinity, `${removed.length - MAX_NOTES} more`);
  // Last step, after anything that could have decoded an escape back into `<`:
  // with no `<` the HTML parser can never see `</style`.
  return { css: css.replace(/</g, "\\3c "), removed };
}
