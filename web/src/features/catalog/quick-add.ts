import { productPath } from '@netkart/contract';
import { useNavigate } from 'react-router';
import { useCart } from '@/features/cart/cart-context';
import { needsChoice, onlyOption, pictureFor, type StoreProduct } from './product';

/**
 * A card's Add to Cart: one unit with the only size and colour chosen (spec); a product with two
 * sizes or two colours, or with options, opens its page instead, where the shopper chooses.
 */
export function useQuickAdd() {
  const { addItem } = useCart();
  const navigate = useNavigate();
  return (product: StoreProduct) => {
    // A product with options (variants) is chosen on its page too.
    if (needsChoice(product) || product.options.length > 0) {
      navigate(productPath(product));
      return;
    }
    const color = onlyOption(product.colors);
    addItem({
      id: product.id,
      name: product.name,
      image: pictureFor(product, color),
      price: product.price,
      quantity: 1,
      selectedSize: onlyOption(product.sizes),
      selectedColor: color,
    });
  };
}
