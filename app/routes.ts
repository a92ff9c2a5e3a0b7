import { type RouteConfig, index, route } from '@react-router/dev/routes';

const legal = ['impressum', 'agb', 'widerruf', 'datenschutz', 'versand-und-zahlung'];

export default [
  index('routes/home.tsx'),
  route('shop', 'routes/shop.tsx', { id: 'shop' }),
  route('product-category/:slug', 'routes/shop.tsx', { id: 'product-category' }),
  route('product/:slug', 'routes/product.tsx'),
  route('product/:slug/:commentPage', 'routes/product.tsx', { id: 'product-comment-page' }),
  route('cart', 'routes/cart.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('rueckruf', 'routes/callback.tsx'),
  ...legal.map((slug) => route(slug, 'routes/legal.tsx', { id: `legal-${slug}` })),
  route('set-language', 'routes/set-language.ts'),
  route('my-account', 'routes/account/my-account.tsx'),
  route('my-account/logout', 'routes/account/logout.ts'),
  route('my-account/lost-password', 'routes/account/lost-password.tsx'),
  route('my-account/edit-account', 'routes/account/edit-account.tsx'),
  route('my-account/edit-address', 'routes/account/edit-address.tsx'),
  route('my-account/export', 'routes/account/export.ts'),
  route('my-account/activate', 'routes/account/activate.tsx'),
  route('my-account/confirm-email', 'routes/account/confirm-email.tsx'),
  route('my-account/reviews', 'routes/review-moderation.tsx'),

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
  route('wc/store/v1/*', 'routes/api/store-not-found.ts'),

  route('forms/v1/contact-forms/:id/feedback', 'routes/api/form-feedback.ts'),
  route('forms/v1/contact-forms/:id/refill', 'routes/api/form-refill.ts'),
  route('forms/v1/contact-forms/:id/feedback/schema', 'routes/api/form-schema.ts'),
  route('wc-ajax/:action', 'routes/api/wc-ajax.ts'),

  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
