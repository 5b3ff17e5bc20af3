import { route, type RouteConfig } from "@react-router/dev/routes";

export default [route("products", "routes/products.tsx")] satisfies RouteConfig;
