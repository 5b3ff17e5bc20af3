import { describe, expect, it } from "vitest";
import { TestClient } from "./app";

// Issue 11 item 7: "0x1", "1e0", "1.0", "+1" all addressed product 1. One parser now reads
// every id in a path (API and screens), and only the plain decimal spelling is an id.
const ALIASES = ["0x1", "1e0", "1.0", "+1", "01", "%201"];

const demoSeller = () => new TestClient().signInAs("demo@example.com");

async function placedOrder() {
  const shopper = new TestClient("demo.localhost:3000");
  const order = await shopper.json<{ id: number }>("/api/v1/shop/orders/", {
    json: {
      full_name: "Ida Ids",
      email: "ida@example.test",
      phone: "0611223344",
      address: "1 rue des Ids",
      city: "Paris",
      zip_code: "75001",
      country: "France",
      reference: "IDS-1",
      total_amount: "30.00",
    },
  });
  expect(order.status).toBe(201);
  return { shopper, id: order.body.id };
}

describe("ids in paths", () => {
  it("the seller's product API answers only the plain id", async () => {
    const seller = await demoSeller();
    const plain = await seller.json<{ id: number }>("/api/v1/shop/products/1/");
    expect(plain.status).toBe(200);
    expect(plain.body.id).toBe(1);
    for (const alias of ALIASES) {
      const other = await seller.json<{ message: string }>(`/api/v1/shop/products/${alias}/`);
      expect(other.status, alias).toBe(404);
      expect(other.body.message).toBe("This product does not exist.");
      expect((await seller.request(`/api/v1/shop/products/${alias}/`, { method: "DELETE" })).status, alias).toBe(404);
    }
  });

  it("the product edit screen answers only the plain id", async () => {
    const seller = await demoSeller();
    expect((await seller.request("/dashboard/products/1")).status).toBe(200);
    for (const alias of ALIASES) expect((await seller.request(`/dashboard/products/${alias}`)).status, alias).toBe(404);
  });

  it("orders: API, order page and shop confirmation answer only the plain id", async () => {
    const { shopper, id } = await placedOrder();
    const seller = await demoSeller();
    expect((await shopper.json(`/api/v1/shop/orders/${id}/`)).status).toBe(200);
    expect((await shopper.request(`/order-confirmation/${id}`)).status).toBe(200);
    expect((await seller.request(`/orders/${id}`)).status).toBe(200);
    const aliases = [`0x${id.toString(16)}`, `${id}e0`, `${id}.0`, `+${id}`, `0${id}`];
    for (const alias of aliases) {
      expect((await shopper.json(`/api/v1/shop/orders/${alias}/`)).status, alias).toBe(404);
      expect((await seller.json(`/api/v1/shop/orders/${alias}/`, { method: "PATCH", json: { status: "processing" } })).status, alias).toBe(
        404,
      );
      expect((await shopper.request(`/order-confirmation/${alias}`)).status, alias).toBe(404);
      expect((await seller.request(`/orders/${alias}`)).status, alias).toBe(404);
    }
  });
});
