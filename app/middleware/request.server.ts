import crypto from "node:crypto";
import { createContext, RouterContextProvider, type MiddlewareFunction } from "react-router";

/** The client's address, set by the HTTP adapter (express `req.ip`, proxy-aware). */
export const clientAddressContext = createContext<string>("unknown");
/** Per-request nonce for the inline scripts React Router emits (CSP). */
export const nonceContext = createContext<string>("");

export function createLoadContext(clientAddress: string | undefined): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, clientAddress ?? "unknown");
  return context;
}

export const nonceMiddleware: MiddlewareFunction<Response> = ({ context }, next) => {
  context.set(nonceContext, crypto.randomBytes(16).toString("base64"));
  return next();
};
