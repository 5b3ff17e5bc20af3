// The live drop: `shoppers` shoppers, `concurrency` of them at any moment, each doing what a
// browser without JavaScript does to buy one product in the demo shop (the cheapest real path:
// one document per step, no data requests, no hydration), as tests/e2e/checkout.spec.ts does
// it: the catalogue page, the checkout page of a product, the shipping form (creates the
// order), the payment step it redirects to, the simulated card form with the success card,
// and the success page that redirects to. (That page's <noscript> refresh to the order's
// confirmation two seconds later is not followed: the journey ends at "Payment successful!".)
import { performance } from "node:perf_hooks";
import { createBrowser, readForm } from "./browser.js";

export const STEPS = ["catalogue", "checkout", "order", "payment", "card", "confirm"];
/** Through a live's link (issue 16): the live page, its pinned product's Buy link, then the same checkout. */
export const LIVE_STEPS = ["live", "buy", "order", "payment", "card", "confirm"];

const SHIPPING = {
  full_name: "Nina Shopper",
  phone: "0611223344",
  address: "3 place Bellecour",
  city: "Lyon",
  zip_code: "69002",
  country: "France",
};
// The simulated provider's success card (README, Stripe), valid for a few more years.
const CARD = { card_number: "4242 4242 4242 4242", expiry: `12/${(new Date().getFullYear() + 3) % 100}`, cvc: "123" };

/** Each shopper comes from an address of its own, as real ones do. */
const addressOf = (index) => `10.${((index + 1) >> 16) & 255}.${((index + 1) >> 8) & 255}.${(index + 1) & 255}`;

const unexpected = (answer, wanted) => answer.error ?? `${answer.status} instead of ${wanted}`;

function expectForm(answer, shopper, id) {
  if (answer.status !== 200) return unexpected(answer, "200");
  shopper.form = readForm(answer.html, id);
  if (!shopper.form) return `200 without the form #${id}`;
}

function expectRedirect(answer, shopper, pattern, wanted) {
  if (answer.status < 300 || answer.status > 399 || !pattern.test(answer.location ?? "")) return unexpected(answer, wanted);
  shopper.next = answer.location;
}

// Each step sends one request and checks its answer (undefined when it is the expected one),
// leaving in `shopper` what the next step needs.
const JOURNEY = {
  catalogue: {
    send: ({ browser }) => browser.get("/products"),
    check(answer, shopper) {
      if (answer.status !== 200) return unexpected(answer, "200");
      const links = [...answer.html.matchAll(/href="(\/\?product_id=\d+)"/g)].map((match) => match[1]);
      if (!links.length) return "200 without a product to buy";
      // Shoppers spread over the products on the page.
      shopper.next = links[shopper.index % links.length];
    },
  },
  checkout: {
    send: ({ browser, next }) => browser.get(next),
    check: (answer, shopper) => expectForm(answer, shopper, "checkout-shipping"),
  },
  live: {
    send: ({ browser, liveCode }) => browser.get(`/live/${liveCode}`),
    check(answer, shopper) {
      if (answer.status !== 200) return unexpected(answer, "200");
      const buy = answer.html.match(new RegExp(`href="(/live/${shopper.liveCode}\\?product_id=\\d+)"`))?.[1];
      if (!buy) return "200 without the pinned product's Buy link";
      shopper.next = buy;
    },
  },
  buy: {
    send: ({ browser, next }) => browser.get(next),
    check: (answer, shopper) => expectForm(answer, shopper, "checkout-shipping"),
  },
  order: {
    send: ({ browser, form, index }) => browser.submit(form, { ...SHIPPING, email: `shopper${index + 1}@example.test` }),
    check(answer, shopper) {
      const error = expectRedirect(answer, shopper, /[?&]order=\d+&step=payment/, "a redirect to the payment step");
      if (!error) shopper.orderId = Number(answer.location.match(/[?&]order=(\d+)/)[1]);
      return error;
    },
  },
  payment: {
    send: ({ browser, next }) => browser.get(next),
    check: (answer, shopper) => expectForm(answer, shopper, "simulated-card"),
  },
  card: {
    send: ({ browser, form }) => browser.submit(form, CARD),
    check(answer, shopper) {
      const error = expectRedirect(answer, shopper, /[?&]step=success/, "a redirect to the success step");
      if (!error) {
        shopper.paid = true;
        shopper.paidAt = performance.now();
      }
      return error;
    },
  },
  confirm: {
    send: ({ browser, next }) => browser.get(next),
    check: (answer) =>
      answer.status === 200 && answer.html.includes('data-testid="checkout-success"')
        ? undefined
        : unexpected(answer, "200 with the success panel"),
  },
};

/**
 * The shop told the shopper it has nothing left instead of what the step expected: the page
 * (or the shipping form's refusal, a 409) says `soldOutText`.
 */
const toldSoldOut = (answer, soldOutText) =>
  soldOutText !== null && (answer.status === 200 || answer.status === 409) && answer.html.includes(soldOutText);

async function runShopper(index, { port, host, timeoutMs, liveCode, steps, soldOutText }) {
  const browser = createBrowser({ port, host, forwardedFor: addressOf(index), timeoutMs });
  const shopper = { index, browser, liveCode, orderId: null, paid: false, paidAt: null };
  const timings = [];
  let soldOutAt = null;
  try {
    for (const step of steps) {
      const started = performance.now();
      const answer = await JOURNEY[step].send(shopper);
      const error = JOURNEY[step].check(answer, shopper);
      // Told "sold out": the journey ends there, which is not a failure of the step.
      if (error && toldSoldOut(answer, soldOutText)) soldOutAt = step;
      timings.push({ step, ms: performance.now() - started, error: soldOutAt ? undefined : error });
      if (error) break;
    }
  } finally {
    shopper.browser.close();
  }
  const completed = !soldOutAt && timings.length === steps.length && !timings.at(-1).error;
  return { timings, completed, soldOutAt, orderId: shopper.orderId, paid: shopper.paid, paidAt: shopper.paidAt };
}

function percentile(sorted, fraction) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)];
}

/**
 * Runs the drop against the shop on `host` reached at 127.0.0.1:`port`. Returns the wall time,
 * the shoppers who started before the time limit, the completed journeys, the orders whose card step said "paid", and per step: attempts,
 * p50/p99 (of every attempt, failed ones included: a timeout counts as the time waited) and
 * failures grouped by reason. With `soldOutText` (a limited-stock drop), a shopper whose page
 * says it instead of the step's answer is told "sold out" there: counted per step
 * (`soldOutAt`), not as a failure.
 */
export async function runLiveDrop({ port, host, shoppers, concurrency, timeoutMs, timeLimitMs, liveCode = null, soldOutText = null }) {
  const steps = liveCode ? LIVE_STEPS : STEPS;
  const journeys = [];
  let nextShopper = 0;
  const started = performance.now();
  // Past the time limit no new shopper starts: a stalled server ends the drop on time.
  const worker = async () => {
    while (nextShopper < shoppers && performance.now() - started < timeLimitMs)
      journeys.push(await runShopper(nextShopper++, { port, host, timeoutMs, liveCode, steps, soldOutText }));
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, shoppers) }, worker));
  const wallSeconds = (performance.now() - started) / 1000;

  const stepFigures = steps.map((name) => {
    const attempts = journeys.flatMap((journey) => journey.timings.filter((timing) => timing.step === name));
    const sorted = attempts.map((attempt) => attempt.ms).sort((a, b) => a - b);
    const reasons = new Map();
    for (const { error } of attempts) if (error) reasons.set(error, (reasons.get(error) ?? 0) + 1);
    return {
      name,
      soldOut: journeys.filter((journey) => journey.soldOutAt === name).length,
      attempts: attempts.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      failures: [...reasons.values()].reduce((a, b) => a + b, 0),
      reasons,
    };
  });
  return {
    shoppers,
    concurrency,
    started: journeys.length,
    wallSeconds,
    completed: journeys.filter((journey) => journey.completed).length,
    soldOut: journeys.filter((journey) => journey.soldOutAt).length,
    /** Step -> shoppers told "sold out" there. */
    soldOutAt: new Map(steps.map((name) => [name, journeys.filter((journey) => journey.soldOutAt === name).length])),
    paidOrderIds: journeys.filter((journey) => journey.paid).map((journey) => journey.orderId),
    /** When each order's card step answered "paid" (performance.now()), for the live board's delivery times. */
    paidAt: new Map(journeys.filter((journey) => journey.paid).map((journey) => [journey.orderId, journey.paidAt])),
    steps: stepFigures,
  };
}
