// `cookie` 0.7 (the copy hoisted for express and used by our cookie helpers) ships no types;
// this declares the part we use, as its README documents it.
declare module "cookie" {
  export interface CookieParseOptions {
    decode?(value: string): string;
  }
  export interface CookieSerializeOptions {
    encode?(value: string): string;
    domain?: string;
    httpOnly?: boolean;
    maxAge?: number;
    path?: string;
    sameSite?: "lax" | "strict" | "none" | boolean;
    secure?: boolean;
  }
  export function parse(header: string, options?: CookieParseOptions): Record<string, string>;
  export function serialize(name: string, value: string, options?: CookieSerializeOptions): string;
}
