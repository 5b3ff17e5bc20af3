import { Link, useLoaderData } from "react-router";

/**
 * As many product cards as the shop's catalogue page shows: the benchmark counts the cards
 * on the shop's `/products` and starts this app with that number in BARE_CARDS.
 */
export function loader() {
  const count = Number(process.env.BARE_CARDS ?? 10);
  return {
    products: Array.from({ length: count }, (_, index) => ({
      id: index + 1,
      name: `Product ${index + 1}`,
      description: "A short description of the product, two lines at most on the card.",
      priceCents: 1000 + index * 250,
      imageUrl: `/images/product-${index + 1}.jpg`,
    })),
  };
}

export function meta() {
  return [{ title: "Products" }];
}

const price = new Intl.NumberFormat("en", { style: "currency", currency: "EUR" });

export default function Products() {
  const { products } = useLoaderData<typeof loader>();
  return (
    <main className="container-page py-8">
      <h1 className="text-2xl font-bold tracking-tight">Products</h1>
      <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="product-grid">
        {products.map((product) => (
          <li key={product.id}>
            <article
              className="flex flex-col overflow-hidden rounded-xl border border-black/10 bg-white shadow-sm"
              data-testid="product-card"
            >
              <div className="aspect-[4/3] bg-slate-100">
                <img
                  src={product.imageUrl}
                  alt={product.name}
                  width={400}
                  height={300}
                  loading="lazy"
                  decoding="async"
                  className="size-full object-cover"
                />
              </div>
              <div className="flex flex-1 flex-col gap-2 p-4">
                <h3 className="font-semibold leading-snug">{product.name}</h3>
                <p className="line-clamp-2 text-sm text-slate-600">{product.description}</p>
                <span className="text-lg font-bold">{price.format(product.priceCents / 100)}</span>
                <Link to={`/?product_id=${product.id}`} className="mt-2 inline-flex h-9 items-center rounded-lg px-3 text-sm font-medium">
                  Buy now
                </Link>
              </div>
            </article>
          </li>
        ))}
      </ul>
    </main>
  );
}
