// The drop's races on a real PostgreSQL server: the orders, payments and the seller's stock
// changes of tests/unit/stock-race-cases.ts run side by side on the pool's connections
// (READ COMMITTED), which PGlite's single connection never does.
import { describe } from "vitest";
import { dropRaces } from "../unit/stock-race-cases";

describe("a drop's races on PostgreSQL", dropRaces);
