import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Table, type TableColumn } from "~/components/ui/table";

type Row = { id: number; name: string; cents: number };
const rows: Row[] = [
  { id: 1, name: "Mug", cents: 1250 },
  { id: 2, name: "Cap", cents: 900 },
];

type Element = { attrs: Record<string, string>; text: string };

/** The markup, and its elements of one tag in document order (their attributes and text): enough to read a table back. */
function render(props: Partial<Parameters<typeof Table<Row>>[0]> & { columns: (TableColumn<Row> | false)[] }) {
  const html = renderToStaticMarkup(createElement(Table<Row>, { caption: "Products", rows, rowKey: (row) => row.id, ...props }));
  const all = (tag: string): Element[] =>
    [...html.matchAll(new RegExp(`<${tag}((?:\\s[^>]*)?)>([\\s\\S]*?)</${tag}>`, "g"))].map((match) => ({
      attrs: Object.fromEntries([...(match[1] ?? "").matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!])),
      text: (match[2] ?? "").replace(/<[^>]+>/g, ""),
    }));
  return { html, all };
}

const name: TableColumn<Row> = { header: "Name", cell: (row) => row.name };
const price: TableColumn<Row> = { header: "Price", align: "right", cell: (row) => `€${row.cents / 100}` };
const actions: TableColumn<Row> = { header: "Actions", hideHeader: true, cell: (row) => `Edit ${row.name}` };

describe("Table", () => {
  it("heads each column with <th scope=col> and captions the table", () => {
    const doc = render({ columns: [name, price, actions] });
    expect(doc.all("th").map((th) => [th.attrs.scope, th.text])).toEqual([
      ["col", "Name"],
      ["col", "Price"],
      ["col", "Actions"],
    ]);
    // A hidden header is still there for screen readers.
    expect(doc.html).toContain('<span class="sr-only">Actions</span>');
    expect(doc.all("caption")[0]!.text).toBe("Products");
    expect(doc.all("td").map((td) => td.text)).toEqual(["Mug", "€12.5", "Edit Mug", "Cap", "€9", "Edit Cap"]);
  });

  it("scrolls in a focusable region named by the caption", () => {
    const doc = render({ columns: [name] });
    const region = /<div role="region" aria-labelledby="([^"]+)" tabindex="0"/.exec(doc.html);
    expect(region).not.toBeNull();
    expect(doc.all("caption")[0]!.attrs.id).toBe(region![1]);
  });

  it("labels a stacked table's cells for the phone layout, except under a hidden header", () => {
    const doc = render({ columns: [name, price, actions] });
    expect(doc.all("table")[0]!.attrs.class).toContain("stacked-table");
    expect(doc.all("td").map((td) => td.attrs["data-label"])).toEqual(["Name", "Price", undefined, "Name", "Price", undefined]);
    expect(doc.all("td")[1]!.attrs.class).toContain("text-right");
  });

  it("leaves out a column given as false, in the header and in every row", () => {
    const doc = render({ columns: [name, false, price] });
    expect(doc.all("th").map((th) => th.text)).toEqual(["Name", "Price"]);
    expect(doc.all("td")).toHaveLength(4);
  });

  it("writes a row header as <th scope=row>; a plain table does not stack", () => {
    const doc = render({ variant: "plain", columns: [{ ...name, rowHeader: true }, price] });
    expect(doc.all("th").map((th) => [th.attrs.scope, th.text])).toEqual([
      ["col", "Name"],
      ["col", "Price"],
      ["row", "Mug"],
      ["row", "Cap"],
    ]);
    expect(doc.all("table")[0]!.attrs.class).not.toContain("stacked-table");
    expect(doc.all("td").map((td) => td.attrs["data-label"])).toEqual([undefined, undefined]);
  });

  it("gives each row its own attributes", () => {
    const doc = render({ columns: [name], rowProps: (row) => ({ "data-testid": `row-${row.id}`, className: "opacity-60" }) });
    expect(
      doc
        .all("tr")
        .slice(1)
        .map((tr) => [tr.attrs["data-testid"], tr.attrs.class]),
    ).toEqual([
      ["row-1", "opacity-60"],
      ["row-2", "opacity-60"],
    ]);
  });
});
