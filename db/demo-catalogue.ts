import type { ProductOption } from "../app/lib/stock-kinds";

/**
 * The demo shop's catalogue: 4 categories, 24 products, some out of stock, some without image,
 * and a sweater in sizes and colours (`demoSweater`, the 25th). Most sell without a stock
 * count; a few count theirs (issue 27): the lamp is nearly sold out, the mug and the tote have
 * plenty. None of the first page's products counts its stock (the benchmark's drop and the
 * checkout tests buy those as often as they like).
 */
export type DemoProduct = {
  name: string;
  description: string;
  price: number; // euros
  inStock: boolean;
  image: string | null; // file in public/demo
  /** Units on hand; absent: not counted. */
  stock?: number;
};

export const demoCatalogue: { slug: string; name: string; products: DemoProduct[] }[] = [
  {
    slug: "fashion",
    name: "Fashion",
    products: [
      {
        name: "Silk Scarf Aurora",
        description: "A light silk scarf with a hand-rolled hem, printed with the colours of a northern sunrise. Folds into any bag.",
        price: 39,
        inStock: true,
        image: "scarf.svg",
      },
      {
        name: "Denim Jacket Classic",
        description: "Washed blue denim with copper buttons and two chest pockets. Cut roomy so it layers over a hoodie.",
        price: 89.9,
        inStock: true,
        image: "jacket.svg",
      },
      {
        name: "Knit Beanie",
        description: "Merino rib-knit beanie, warm without itching. One size.",
        price: 19.5,
        inStock: true,
        image: "beanie.svg",
      },
      {
        name: "Leather Belt",
        description: "Full-grain leather with a brushed steel buckle.",
        price: 34,
        inStock: false,
        image: "belt.svg",
      },
      {
        name: "Linen Shirt",
        description: "Breathable washed linen shirt for hot days and live-stream studio lights.",
        price: 49,
        inStock: true,
        image: null,
      },
      {
        name: "Canvas Sneakers",
        description: "Low-top canvas sneakers with a natural rubber sole.",
        price: 59,
        inStock: true,
        image: "sneakers.svg",
      },
    ],
  },
  {
    slug: "beauty",
    name: "Beauty",
    products: [
      {
        name: "Rose Face Serum",
        description: "Hydrating serum with rosehip oil and hyaluronic acid. 30 ml glass dropper bottle.",
        price: 24.9,
        inStock: true,
        image: "serum.svg",
      },
      {
        name: "Matte Lipstick Ruby",
        description: "Long-wear matte lipstick in a deep ruby red.",
        price: 14.5,
        inStock: true,
        image: "lipstick.svg",
      },
      { name: "Clay Mask", description: "Green clay mask that clears pores in ten minutes.", price: 12, inStock: false, image: "mask.svg" },
      {
        name: "Hand Cream Trio",
        description: "Three travel-size hand creams: fig, verbena and almond.",
        price: 18,
        inStock: true,
        image: null,
      },
      {
        name: "Bamboo Brush Set",
        description: "Five make-up brushes with bamboo handles and vegan bristles, in a cotton pouch.",
        price: 29,
        inStock: true,
        image: "brushes.svg",
      },
      {
        name: "Solid Perfume Neroli",
        description: "Pocket-size solid perfume with orange blossom notes.",
        price: 16.5,
        inStock: true,
        image: "perfume.svg",
      },
    ],
  },
  {
    slug: "home",
    name: "Home",
    products: [
      {
        name: "Scented Candle Amber",
        description: "Soy wax candle with amber and vanilla, about 40 hours of burn time.",
        price: 22,
        inStock: true,
        image: "candle.svg",
      },
      {
        name: "Ceramic Mug",
        description: "Hand-glazed stoneware mug, 350 ml, dishwasher safe.",
        price: 15,
        inStock: true,
        image: "mug.svg",
        stock: 40,
      },
      { name: "Linen Tea Towels", description: "Set of two stonewashed linen tea towels.", price: 17.9, inStock: true, image: null },
      {
        name: "Woven Basket",
        description: "Seagrass basket with handles for blankets, toys or plants.",
        price: 35,
        inStock: false,
        image: "basket.svg",
      },
      {
        name: "Table Lamp Dune",
        description: "Small table lamp with a sand-coloured linen shade and a warm LED bulb.",
        price: 69,
        inStock: true,
        image: "lamp.svg",
        stock: 2,
      },
      {
        name: "Plant Pot Terracotta",
        description: "Unglazed terracotta pot with saucer, 14 cm.",
        price: 11.5,
        inStock: true,
        image: "pot.svg",
      },
    ],
  },
  {
    slug: "accessories",
    name: "Accessories",
    products: [
      {
        name: "Phone Ring Light",
        description: "Clip-on ring light with three colour temperatures, made for live streams.",
        price: 25,
        inStock: true,
        image: "ringlight.svg",
      },
      {
        name: "Tote Bag Signature",
        description: "Heavy cotton tote with an inside pocket and the shop's signature print.",
        price: 21,
        inStock: true,
        image: "tote.svg",
        stock: 25,
      },
      {
        name: "Sunglasses Riviera",
        description: "Acetate frames with polarised lenses and a hard case.",
        price: 45,
        inStock: true,
        image: "sunglasses.svg",
      },
      { name: "Charm Bracelet", description: "Gold-plated bracelet with three removable charms.", price: 32, inStock: false, image: null },
      { name: "Card Holder", description: "Slim leather card holder with four slots.", price: 19, inStock: true, image: "cardholder.svg" },
      {
        name: "Hair Clips Set",
        description: "Six tortoiseshell hair clips in assorted sizes.",
        price: 9.9,
        inStock: true,
        image: "clips.svg",
      },
    ],
  },
];

/**
 * A product with options: Size S/M/L x Colour Red/Blue, each combination with its own
 * stock (Small Blue sold out, Large Blue the last two), the large ones at their own price.
 */
export const demoSweater: {
  category: string;
  product: DemoProduct;
  options: ProductOption[];
  variants: { options: Record<string, string>; stock: number; price?: number; sku: string }[];
} = {
  category: "fashion",
  product: {
    name: "Chunky Knit Sweater",
    description: "Hand-finished chunky knit in soft lambswool, relaxed fit with ribbed cuffs. Limited run for tonight's live.",
    price: 59,
    inStock: true,
    image: "sweater.svg",
  },
  options: [
    { name: "Size", values: ["S", "M", "L"] },
    { name: "Colour", values: ["Red", "Blue"] },
  ],
  variants: [
    { options: { Size: "S", Colour: "Red" }, stock: 4, sku: "SWT-S-RED" },
    { options: { Size: "S", Colour: "Blue" }, stock: 0, sku: "SWT-S-BLU" },
    { options: { Size: "M", Colour: "Red" }, stock: 8, sku: "SWT-M-RED" },
    { options: { Size: "M", Colour: "Blue" }, stock: 6, sku: "SWT-M-BLU" },
    { options: { Size: "L", Colour: "Red" }, stock: 5, price: 64, sku: "SWT-L-RED" },
    { options: { Size: "L", Colour: "Blue" }, stock: 2, price: 64, sku: "SWT-L-BLU" },
  ],
};
