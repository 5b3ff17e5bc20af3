// A drop's races in one process (issue 27): many shoppers place orders for the same units
// at once, on SQLite (its group commit runs them one after the other in one transaction)
// and on PostgreSQL (PGlite): tests/unit/stock-race-cases.ts. tests/postgres runs the same
// cases on a real PostgreSQL's connection pool, and the drop across two nodes.
import { describe } from "vitest";
import { dropRaces } from "./stock-race-cases";

describe("a drop's races", dropRaces);
