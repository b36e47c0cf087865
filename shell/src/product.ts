export const PRODUCT_TITLE = 'AI Image Studio';
