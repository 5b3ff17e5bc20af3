// A seeded random mix of a drop's stock operations, many at once, with the counters checked
// against the rows after every batch (tests/unit/stock-random-cases.ts), on SQLite and on
// PostgreSQL (unit-pg: the pool's connections run them side by side, READ COMMITTED).
import { describe } from "vitest";
import { randomStockRuns } from "./stock-random-cases";

describe("a drop's stock operations at random", randomStockRuns);
