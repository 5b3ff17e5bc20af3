import type { Route } from "./+types/uploads";
import { readUpload } from "~/domain/shops/uploads.server";

/** GET /uploads/{name}: an uploaded image, with its checked content type (never sniffed). */
export async function loader({ params }: Route.LoaderArgs) {
  const file = await readUpload(params.name ?? "");
  if (!file) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.length),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}
