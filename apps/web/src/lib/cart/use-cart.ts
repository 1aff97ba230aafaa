import type { BookingDateItem, IsoDate, PriceLineWire } from '@ooh/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useLocalStore } from '../local-store';
import { campaignDataStore, cartStore, type StoredCampaign } from '../stores';
import { cartTotalPaise, refreshSnapshots, removeFromCart, setLineDates, withQuotes } from './cart-lines';
import { useCartProducts } from './list-cart-products';

/**
 * The cart store with its sites kept current: the catalogue's prices and unavailable dates replace the
 * stored snapshots, so the cart shows (and /booking/book is sent) the total the server will charge.
 */
export function useCart() {
  const [cart, setCart] = useLocalStore(cartStore);
  const ids = useMemo(() => cart.flatMap((c) => c.products.map((e) => e.product.id)), [cart]);
  const products = useCartProducts(ids);

  useEffect(() => {
    if (!products.data) return;
    const current = cartStore.get();
    const next = refreshSnapshots(current, products.data);
    if (next !== current) setCart([...next]);
  }, [products.data, setCart]);

  const remove = useCallback(
    (campaign: Pick<StoredCampaign, 'id'>) => setCart((c) => removeFromCart(c, campaign)),
    [setCart],
  );

  /** New dates for one site; the campaign's working copy in campaignData follows, as on the campaign page. */
  const changeDates = useCallback(
    (
      campaignId: number,
      productId: number,
      range: { from_date: IsoDate | null; to_date: IsoDate | null },
    ) => {
      const apply = (list: StoredCampaign[]) =>
        list.map((c) => (c.id === campaignId ? setLineDates(c, productId, range) : c));
      setCart(apply);
      if (campaignDataStore.get().some((c) => c.id === campaignId)) campaignDataStore.set(apply);
    },
    [setCart],
  );

  /** The server's prices of the lines it was asked about (POST /booking/validate), kept with those lines. */
  const applyQuotes = useCallback(
    (items: readonly BookingDateItem[], prices: readonly number[], lines?: readonly PriceLineWire[][]) => {
      const current = cartStore.get();
      const next = withQuotes(current, items, prices, lines);
      if (next !== current) setCart([...next]);
    },
    [setCart],
  );

  return {
    cart,
    setCart,
    applyQuotes,
    totalPaise: cartTotalPaise(cart),
    /** Fresh catalogue facts by product id, once loaded. */
    products: products.data,
    productsLoading: products.isLoading,
    remove,
    changeDates,
    clear: useCallback(() => setCart([]), [setCart]),
  };
}
