export * from '#app/domain/catalog/catalog.schema.ts';
export * from '#app/domain/compliance/compliance.schema.ts';
export * from '#app/domain/reviews/reviews.schema.ts';
export * from '#app/domain/sessions/sessions.schema.ts';
export * from '#app/domain/cart/cart.schema.ts';
export * from '#app/domain/settings/settings.schema.ts';
export * from '#app/domain/forms/forms.schema.ts';
export * from '#app/domain/forms/captcha.schema.ts';
