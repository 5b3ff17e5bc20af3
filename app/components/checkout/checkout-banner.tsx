/** The seller's banner text, tinted with the shop's primary colour, in the shop's text colour. */
export function CheckoutBanner({ text, primaryColor, textColor }: { text: string; primaryColor: string; textColor: string }) {
  if (!text.trim()) return null;
  return (
    <div
      className="checkout-banner rounded-lg border px-4 py-3 text-sm font-medium"
      style={{ backgroundColor: `color-mix(in srgb, ${primaryColor} 12%, transparent)`, borderColor: primaryColor, color: textColor }}
      data-testid="checkout-banner"
    >
      {text}
    </div>
  );
}
