// The bare app's production server: what the shop's server.js does around its app (express,
// the same compression middleware, static files), with React Router's own request handler.
// Started by the benchmark with PORT, NODE_ENV=production and BARE_CARDS.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PORT ?? 3401);

const server = express();
server.disable("x-powered-by");
server.use(compression());
server.use("/assets", express.static(path.join(here, "build/client/assets"), { immutable: true, maxAge: "1y" }));
server.use(express.static(path.join(here, "build/client"), { maxAge: "1h" }));
server.use(createRequestHandler({ build: await import("./build/server/index.js"), mode: process.env.NODE_ENV }));
server.listen(port, "127.0.0.1", () => console.log(`Bare app: http://127.0.0.1:${port}/products`));
