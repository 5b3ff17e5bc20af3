/**
 * The browser's translator: the part of i18next our texts use, over one language's file.
 * i18next itself (17 kB gzipped, more than the whole page's own code) stays on the server;
 * `tests/unit/translator.test.ts` checks that every text of both languages comes out
 * exactly as i18next renders it.
 *
 * What our texts use: nested keys ("checkout.fields.email"), `{{value}}` interpolation
 * (unescaped: React escapes), `{{value, number(option: x)}}` number formats, plurals by
 * `count` (`_one`, `_other`, ... by the language's plural rules) and nesting
 * (`$t(orders.status.{{from}})`), and lists or groups of texts with `returnObjects`. A key
 * that is not ours comes back as it is.
 */
export type TranslationNode = string | TranslationNode[] | Translations;
export type Translations = { [key: string]: TranslationNode };
export type TranslateOptions = Record<string, unknown>;

function find(resources: Translations, key: string): TranslationNode | undefined {
  let node: TranslationNode | undefined = resources;
  for (const part of key.split(".")) {
    if (typeof node !== "object") return undefined;
    node = Array.isArray(node) ? node[Number(part)] : node[part];
  }
  return node;
}

function lookup(resources: Translations, key: string): string | undefined {
  const node = find(resources, key);
  return typeof node === "string" ? node : undefined;
}

/** `number(minimumFractionDigits: 2)` -> Intl.NumberFormat options. */
function numberOptions(spec: string): Intl.NumberFormatOptions {
  const options: Record<string, string | number> = {};
  for (const pair of spec.split(";")) {
    const [name, value] = pair.split(":").map((s) => s.trim());
    if (name && value !== undefined) options[name] = Number.isNaN(Number(value)) ? value : Number(value);
  }
  return options;
}

export function createTranslator(language: string, resources: Translations) {
  const plurals = new Intl.PluralRules(language);

  function interpolate(text: string, options: TranslateOptions): string {
    return text.replace(/{{\s*([^},]+?)\s*(?:,\s*([^}]+?)\s*)?}}/g, (match, name: string, format?: string) => {
      const value = options[name];
      // i18next keeps a placeholder whose value was not given.
      if (value === undefined || value === null) return match;
      const formatted = format?.match(/^number(?:\((.*)\))?$/);
      if (formatted) return new Intl.NumberFormat(language, numberOptions(formatted[1] ?? "")).format(Number(value));
      return String(value);
    });
  }

  function render(text: string, options: TranslateOptions): string {
    return interpolate(text, options).replace(/\$t\(([^)]+)\)/g, (_, nested: string) => t(nested, options) as string);
  }

  function renderNode(node: TranslationNode, options: TranslateOptions): TranslationNode {
    if (typeof node === "string") return render(node, options);
    if (Array.isArray(node)) return node.map((item) => renderNode(item, options));
    return Object.fromEntries(Object.entries(node).map(([name, item]) => [name, renderNode(item, options)]));
  }

  function t(key: string, options: TranslateOptions = {}): TranslationNode {
    if (options.returnObjects) {
      const node = find(resources, key);
      if (node !== undefined && typeof node !== "string") return renderNode(node, options);
    }
    const count = options.count;
    const text =
      (typeof count === "number"
        ? (lookup(resources, `${key}_${plurals.select(count)}`) ?? lookup(resources, `${key}_other`))
        : undefined) ?? lookup(resources, key);
    return text === undefined ? key : render(text, options);
  }

  return t;
}
