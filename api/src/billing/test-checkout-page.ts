import { MODEL_LIMITS } from '@app/shared/spec';

/** The test-mode checkout: unmistakably not a real payment page. */
export function testCheckoutPage(actionBase: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Test checkout - AI Image Studio</title>
<style>
  body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #212121;
         background: #fafafa; margin: 0; padding: 16px 16px calc(16px + env(safe-area-inset-bottom)); }
  main { max-width: 400px; margin: 24px auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  .banner { background: #fff4e5; border: 2px solid #ed6c02; color: #663c00; padding: 12px 14px;
            border-radius: 8px; font-weight: 600; line-height: 1.4; margin-bottom: 20px; }
  .product { margin: 0; color: #616161; font-size: 14px; }
  h1 { margin: 4px 0 12px; font-size: 24px; }
  p { line-height: 1.5; }
  button { width: 100%; min-height: 48px; padding: 12px; margin-top: 12px; font: inherit;
           font-size: 16px; font-weight: 600; border-radius: 8px; border: 0; cursor: pointer; }
  button:focus-visible { outline: 3px solid #0d47a1; outline-offset: 2px; }
  .pay { background: #1976d2; color: #fff; }
  .pay:hover { background: #1565c0; }
  .cancel { background: #eee; color: #212121; }
  .cancel:hover { background: #e0e0e0; }
</style>
</head>
<body>
<main>
  <div class="banner" role="alert">TEST MODE - no payment will be taken. This server has no
  payment keys configured, so this page stands in for the card checkout.</div>
  <p class="product">AI Image Studio</p>
  <h1>Studio Pro</h1>
  <p>Up to ${MODEL_LIMITS.pro} personal models. Subscribing here activates Pro for 30 days
  without charging anything.</p>
  <form method="post" action="${actionBase}/complete"><button class="pay" type="submit">Subscribe (test)</button></form>
  <form method="post" action="${actionBase}/cancel"><button class="cancel" type="submit">Cancel</button></form>
</main>
</body>
</html>
`;
}
