/**
 * Seller custom CSS, made safe to inline in a `<style>` element on the shop page.
 * Pipeline: tokenize -> parse into rules / at-rules / declarations -> keep only what is
 * allowed, scoped under `scopeSelector` -> re-serialise -> escape every `<` last.
 * Nothing is ever copied through unparsed, so garbage input can only lose rules.
 */

export const MAX_CUSTOM_CSS_LENGTH = 20_000;
const MAX_AT_RULE_DEPTH = 4;
const MAX_NOTES = 100; // `removed` is for logs; garbage input must not make it huge

type Tok =
  | { t: "ws" }
  | { t: "word"; raw: string } // identifiers, numbers, delimiters; escapes kept (hex ones canonical)
  | { t: "str"; value: string; bad: boolean } // value is decoded
  | { t: "at"; raw: string } // "@name", name possibly escaped
  | { t: "p"; c: string }; // one of PUNCT

type Node = { kind: "rule"; selector: Tok[]; decls: Tok[][] } | { kind: "at"; name: string; prelude: Tok[]; body: Node[] | null };

const PUNCT = "{};()[],:";
const isWs = (c: string | undefined) => c === " " || c === "\t" || c === "\n";
const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-fA-F]$/.test(c);
const isIdentChar = (c: string | undefined) => c !== undefined && (/^[a-zA-Z0-9_-]$/.test(c) || c.charCodeAt(0) >= 0x80);

/** Reads the escape starting at `s[i] === "\\"`; returns decoded char and end index. */
function readEscape(s: string, i: number): { ch: string; end: number } {
  let j = i + 1;
  if (!isHex(s[j])) return { ch: s[j] ?? "", end: j + 1 };
  while (j < s.length && j - i <= 6 && isHex(s[j])) j++;
  const cp = parseInt(s.slice(i + 1, j), 16);
  if (isWs(s[j])) j++; // one whitespace terminates a hex escape
  const valid = cp > 0 && cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff);
  return { ch: valid ? String.fromCodePoint(cp) : "\ufffd", end: j };
}

/** CSS-unescapes identifier-ish text, so `u\72 l` and `\75 rl` both read `url`. */
function decodeEscapes(raw: string): string {
  let out = "";
  for (let i = 0, e; i < raw.length; i = e.end) {
    e = raw[i] === "\\" && i + 1 < raw.length ? readEscape(raw, i) : { ch: raw[i] as string, end: i + 1 };
    out += e.ch;
  }
  return out;
}

function tokenize(src: string): Tok[] {
  const toks: Tok[] = [];
  const n = src.length;
  const escapable = (i: number) => src[i] === "\\" && i + 1 < n && src[i + 1] !== "\n";
  let i = 0;
  while (i < n) {
    const c = src[i] as string;
    if (isWs(c) || (c === "/" && src[i + 1] === "*")) {
      // Comments become whitespace: they separate tokens and must never be re-joined.
      while (i < n) {
        if (isWs(src[i])) i++;
        else if (src[i] === "/" && src[i + 1] === "*") {
          const end = src.indexOf("*/", i + 2);
          i = end === -1 ? n : end + 2;
        } else break;
      }
      toks.push({ t: "ws" });
    } else if (c === '"' || c === "'") {
      let value = "";
      let bad = false;
      i++;
      while (i < n && src[i] !== c) {
        if ((bad = src[i] === "\n")) break; // an unescaped newline makes the string invalid
        if (src[i] !== "\\") value += src[i++];
        else if (src[i + 1] === "\n" || i + 1 >= n)
          i += 2; // line continuation / trailing backslash
        else {
          const e = readEscape(src, i);
          value += e.ch;
          i = e.end;
        }
      }
      if (src[i] === c) i++;
      toks.push({ t: "str", value, bad });
    } else if (PUNCT.includes(c)) {
      toks.push({ t: "p", c });
      i++;
    } else if (c === "@" && (isIdentChar(src[i + 1]) || escapable(i + 1))) {
      let j = i + 1;
      while (j < n && (isIdentChar(src[j]) || escapable(j))) j = src[j] === "\\" ? readEscape(src, j).end : j + 1;
      toks.push({ t: "at", raw: src.slice(i, j) });
      i = j;
    } else if (c === "\\" && !escapable(i)) {
      i++; // a lone backslash before a newline or the end is dropped
    } else {
      let raw = "";
      while (i < n) {
        const d = src[i] as string;
        if (isWs(d) || PUNCT.includes(d) || d === '"' || d === "'" || (d === "/" && src[i + 1] === "*")) break;
        if (d === "@" && raw !== "" && isIdentChar(src[i + 1])) break;
        if (d === "\\") {
          if (!escapable(i)) break;
          const { ch, end } = readEscape(src, i);
          // Hex escapes (and `\<`) are re-encoded with their terminating space, so whitespace
          // after them can never be swallowed as the terminator when re-serialised.
          const canonical = isHex(src[i + 1]) || ch === "<";
          raw += canonical ? `\\${(ch.codePointAt(0) ?? 0xfffd).toString(16)} ` : src.slice(i, end);
          i = end;
        } else raw += src[i++];
      }
      toks.push({ t: "word", raw });
    }
  }
  return toks;
}

const isP = (tok: Tok | undefined, c: string) => tok?.t === "p" && tok.c === c;

/** Recursive-descent parser; unclosed blocks end at the end of input. */
function parse(toks: Tok[], removed: string[]): Node[] {
  let i = 0;
  const at = (c: string) => isP(toks[i], c);
  const skipSpace = () => {
    while (toks[i]?.t === "ws" || at(";")) i++;
  };
  /** Tokens up to (not including) the next `{`, `;` or `}`. */
  const prelude = () => {
    const start = i;
    while (i < toks.length && !at("{") && !at(";") && !at("}")) i++;
    return toks.slice(start, i);
  };
  /** Skips a block whose `{` was just consumed, without recursion. */
  const skipBlock = () => {
    for (let depth = 1; i < toks.length && depth > 0; i++) depth += at("{") ? 1 : at("}") ? -1 : 0;
  };

  const decls = (): Tok[][] => {
    const out: Tok[][] = [];
    for (skipSpace(); i < toks.length && !at("}"); skipSpace()) {
      const tokens = prelude();
      if (!at("{")) out.push(tokens);
      else {
        // CSS nesting could reach outside the scope (`:not(&)`); nested blocks are dropped.
        i++;
        skipBlock();
        removed.push(`nested rule ${serialize(tokens)}`);
      }
    }
    i++; // the closing `}`
    return out;
  };

  const atRule = (raw: string, depth: number): Node => {
    i++;
    const name = decodeEscapes(raw.slice(1)).toLowerCase();
    const head = prelude();
    if (!at("{")) return { kind: "at", name, prelude: head, body: null };
    i++;
    if (["media", "supports", "keyframes"].includes(name) && depth < MAX_AT_RULE_DEPTH) {
      return { kind: "at", name, prelude: head, body: rules(depth + 1, true) };
    }
    skipBlock();
    return { kind: "at", name, prelude: head, body: null };
  };

  const rules = (depth: number, nested: boolean): Node[] => {
    const out: Node[] = [];
    for (skipSpace(); i < toks.length; skipSpace()) {
      const tok = toks[i];
      if (at("}")) {
        i++;
        if (nested) return out;
        removed.push("unbalanced }");
      } else if (tok?.t === "at") out.push(atRule(tok.raw, depth));
      else {
        const selector = prelude();
        if (!at("{")) removed.push(`garbage ${serialize(selector)}`);
        else {
          i++;
          out.push({ kind: "rule", selector, decls: decls() });
        }
      }
    }
    return out;
  };

  return rules(0, false);
}

const quote = (value: string) =>
  `"${value.replace(/[\\"]/g, "\\$&").replace(/[\u0000-\u001f\u007f]/g, (ch) => `\\${ch.charCodeAt(0).toString(16)} `)}"`;

/** Canonical text; the lexer already merged whitespace runs (incl. comments) into one token. */
function serialize(toks: Tok[]): string {
  return trimWs(toks)
    .map((tok) => (tok.t === "ws" ? " " : tok.t === "str" ? quote(tok.value) : tok.t === "p" ? tok.c : tok.raw))
    .join("");
}

function decoded(toks: Tok[]): string {
  return toks.map((tok) => (tok.t === "ws" ? " " : tok.t === "str" ? tok.value : tok.t === "p" ? tok.c : decodeEscapes(tok.raw))).join("");
}

function trimWs(toks: Tok[]): Tok[] {
  const a = toks[0]?.t === "ws" ? 1 : 0; // the lexer never emits two ws tokens in a row
  return toks.slice(a, toks.length - a > 0 && toks[toks.length - 1]?.t === "ws" ? -1 : undefined);
}

/** Balanced () and [], no invalid strings, no braces: the browser will read it as we did. */
function wellFormed(toks: Tok[]): boolean {
  const stack: string[] = [];
  for (const tok of toks) {
    if (tok.t === "str" && tok.bad) return false;
    if (tok.t !== "p") continue;
    if (tok.c === "(" || tok.c === "[") stack.push(tok.c === "(" ? ")" : "]");
    else if (tok.c === ")" || tok.c === "]") {
      if (stack.pop() !== tok.c) return false;
    } else if (tok.c === "{" || tok.c === "}" || tok.c === ";") return false;
  }
  return stack.length === 0;
}

// Checked on CSS-unescaped text: anything that can fetch a resource or run script.
const LOADS = ["url(", "image-set(", "image(", "src(", "element(", "cross-fade(", "@import"];
const SCRIPTS = ["expression(", "javascript:", "vbscript:", "-moz-binding", "behavior"];
// Tag-like text is refused outright (defence in depth on top of the final `<` escaping).
const MARKUP = /<\s*\/|<[!?a-z]/;

/** First banned construct in the decoded text, also looked for with whitespace removed. */
function banned(toks: Tok[]): string | null {
  const text = decoded(toks).toLowerCase();
  const squeezed = text.replace(/\s+/g, "");
  const hit = [...LOADS, ...SCRIPTS].find((word) => text.includes(word) || squeezed.includes(word));
  if (hit) return hit.endsWith("(") ? `${hit})` : hit;
  return MARKUP.test(text) ? "markup" : null;
}

const PROPERTY = /^(?:--[a-zA-Z0-9_-]+|-?[a-zA-Z][a-zA-Z0-9-]*)$/;

function sanitizeDecls(decls: Tok[][], removed: string[]): string[] {
  const out: string[] = [];
  for (const tokens of decls) {
    const colon = tokens.findIndex((tok) => tok.t === "p" && tok.c === ":");
    const nameToks = trimWs(tokens.slice(0, Math.max(colon, 0)));
    const value = trimWs(tokens.slice(colon + 1));
    const nameTok = nameToks[0];
    const raw = nameTok?.t === "word" ? decodeEscapes(nameTok.raw) : "";
    const prop = raw.startsWith("--") ? raw : raw.toLowerCase();
    const bad = prop === "behavior" || prop === "-moz-binding" ? `property ${prop}` : banned(tokens);
    if (bad) removed.push(bad.startsWith("property") ? bad : `${bad} in ${prop || "declaration"}`);
    else if (colon < 0 || nameToks.length !== 1 || !PROPERTY.test(prop) || value.length === 0 || !wellFormed(value)) {
      removed.push(`invalid declaration ${serialize(tokens)}`);
    } else out.push(`${prop}: ${serialize(value)};`);
  }
  return out;
}

const plainText = (toks: Tok[]) => decoded(toks).toLowerCase().replace(/\s+/g, "");

/** Splits a selector list on top-level commas only (`:is(a, b)` stays whole). */
function splitList(toks: Tok[]): Tok[][] {
  const parts: Tok[][] = [[]];
  let depth = 0;
  for (const tok of toks) {
    if (tok.t === "p" && (tok.c === "(" || tok.c === "[")) depth++;
    if (tok.t === "p" && (tok.c === ")" || tok.c === "]")) depth--;
    if (tok.t === "p" && tok.c === "," && depth === 0) parts.push([]);
    else parts[parts.length - 1]?.push(tok);
  }
  return parts.map(trimWs);
}

const ROOTISH = /^(?:html|body|:root)(?=$|[\s>])\s*/i;

function scopeSelectorList(toks: Tok[], scope: string, removed: string[]): string | null {
  const out: string[] = [];
  for (const part of splitList(toks)) {
    const text = serialize(part);
    const plain = plainText(part);
    let reason: string | null = null;
    if (part.length === 0) reason = "empty selector in";
    else if (plain.includes("[")) reason = "attribute selector";
    else if (plain.includes(":has")) reason = ":has() selector";
    else if (!wellFormed(part) || part.some((tok) => tok.t === "at")) reason = "invalid selector";
    else if (banned(part)) reason = "unsafe selector";
    let rest = text;
    for (let m = ROOTISH.exec(rest); m; m = ROOTISH.exec(rest)) rest = rest.slice(m[0].length);
    // Already scoped (sanitised CSS saved again): don't prefix twice, so the function is idempotent.
    if (scope && (rest === scope || rest.startsWith(`${scope} `))) rest = rest.slice(scope.length).trimStart();
    // `+`/`~` after the scope would match the scope's siblings, outside the shop area.
    if (!reason && /^[+~|]/.test(rest)) reason = "selector escaping the scope";
    if (reason) {
      removed.push(`${reason} ${text || serialize(toks)}`);
      return null;
    }
    out.push(rest === "" ? scope : `${scope} ${rest}`);
  }
  return out.join(", ");
}

const KEYFRAME_SELECTOR = /^(?:from|to|\d{1,3}(?:\.\d+)?%)$/i;

/** `from`, `to`, `50%` lists; they are not scoped (they only apply inside @keyframes). */
function keyframeSelector(toks: Tok[], removed: string[]): string | null {
  const parts = splitList(toks).map(serialize);
  if (parts.every((part) => KEYFRAME_SELECTOR.test(part))) return parts.join(", ");
  removed.push(`invalid keyframe selector ${serialize(toks)}`);
  return null;
}

function sanitizeNodes(nodes: Node[], scope: string, removed: string[], inKeyframes: boolean): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.kind === "rule") {
      const selector = inKeyframes ? keyframeSelector(node.selector, removed) : scopeSelectorList(node.selector, scope, removed);
      const decls = selector === null ? [] : sanitizeDecls(node.decls, removed);
      if (selector !== null && decls.length > 0) out.push(`${selector} { ${decls.join(" ")} }`);
      continue;
    }
    const prelude = serialize(node.prelude);
    const label = `@${node.name}${prelude ? ` ${prelude}` : ""}`;
    const allowed = inKeyframes ? false : ["media", "supports", "keyframes"].includes(node.name);
    if (!allowed || node.body === null) {
      removed.push(node.name === "import" || node.name === "font-face" ? `@${node.name}` : label);
      continue;
    }
    const preludeOk =
      node.name === "keyframes"
        ? /^-?[a-zA-Z_][a-zA-Z0-9_-]*$/.test(prelude)
        : prelude !== "" && wellFormed(node.prelude) && !banned(node.prelude) && !/\[|:has/.test(plainText(node.prelude));
    if (!preludeOk) {
      removed.push(`invalid prelude ${label}`);
      continue;
    }
    const inner = sanitizeNodes(node.body, scope, removed, node.name === "keyframes");
    if (inner.length > 0) out.push(`@${node.name} ${prelude} { ${inner.join(" ")} }`);
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
  const tree = parse(tokenize(source), removed);
  const css = sanitizeNodes(tree, scopeSelector, removed, false).join("\n");
  if (removed.length > MAX_NOTES) removed.splice(MAX_NOTES, Infinity, `${removed.length - MAX_NOTES} more`);
  // Last step, after anything that could have decoded an escape back into `<`:
  // with no `<` the HTML parser can never see `</style`.
  return { css: css.replace(/</g, "\\3c "), removed };
}
