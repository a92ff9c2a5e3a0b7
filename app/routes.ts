import { type RouteConfig, index, route } from '@react-router/dev/routes';

const legal = ['impressum', 'agb', 'widerruf', 'datenschutz', 'versand-und-zahlung'];

export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx', { id: 'shop' }),
  route('product-category/:slug', 'routes/shop.tsx', { id: 'product-category' }),
  route('product/:slug', 'routes/product.tsx'),
  route('cart', 'routes/cart.tsx'),
  route('checkout', 'routes/checkout.tsx'),
  route('checkout/order-received/:orderId', 'routes/order-received.tsx'),
  route('checkout/order-pay/:orderId', 'routes/order-pay.tsx'),
  route('my-account/orders', 'routes/account-orders.tsx'),
  route('my-account/view-order/:orderId', 'routes/account-view-order.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('rueckruf', 'routes/callback.tsx'),
  ...legal.map((slug) => route(slug, 'routes/legal.tsx', { id: `legal-${slug}` })),
  route('set-language', 'routes/set-language.ts'),

  route('robots.txt', 'routes/seo/robots.ts'),
  route('sitemap.xml', 'routes/seo/sitemap-index.ts'),
  route('sitemap-pages.xml', 'routes/seo/sitemap-pages.ts'),
  route('sitemap-categories.xml', 'routes/seo/sitemap-categories.ts'),
  route('sitemap-products.xml', 'routes/seo/sitemap-products.ts'),

  route('wc/store/v1/products', 'routes/api/store-products.ts'),
  route('wc/store/v1/products/:id', 'routes/api/store-product.ts'),
  route('wc/store/v1/cart', 'routes/api/store-cart.ts'),
  route('wc/store/v1/cart/add-item', 'routes/api/store-cart-add-item.ts'),
  route('wc/store/v1/cart/remove-item', 'routes/api/store-cart-remove-item.ts'),
  route('wc/store/v1/cart/update-item', 'routes/api/store-cart-update-item.ts'),
  route('wc/store/v1/cart/apply-coupon', 'routes/api/store-cart-apply-coupon.ts'),
  route('wc/store/v1/cart/remove-coupon', 'routes/api/store-cart-remove-coupon.ts'),
  route('wc/store/v1/cart/update-customer', 'routes/api/store-cart-update-customer.ts'),
  route('wc/store/v1/cart/select-shipping-rate', 'routes/api/store-cart-select-shipping-rate.ts'),
  route('wc/store/v1/checkout', 'routes/api/store-checkout.ts'),
  route('wc/store/v1/checkout/:orderId', 'routes/api/store-checkout-order.ts'),
  route('wc/store/v1/*', 'routes/api/store-not-found.ts'),

  route('forms/v1/contact-forms/:id/feedback', 'routes/api/form-feedback.ts'),
  route('forms/v1/contact-forms/:id/refill', 'routes/api/form-refill.ts'),
  route('forms/v1/contact-forms/:id/feedback/schema', 'routes/api/form-schema.ts'),
  route('wc-ajax/:action', 'routes/api/wc-ajax.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
