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
  body { font-family: Roboto, system-ui, sans-serif; background: #fafafa; margin: 0; padding: 24px; }
  main { max-width: 400px; margin: 0 auto; background: #fff; border-radius: 8px; padding: 24px;
         box-shadow: 0 1px 4px rgba(0,0,0,.15); }
  .banner { background: #fff4e5; border: 2px solid #ed6c02; color: #663c00; padding: 12px;
            border-radius: 6px; font-weight: 700; margin-bottom: 16px; }
  button { width: 100%; padding: 12px; margin-top: 12px; font-size: 16px; border-radius: 6px;
           border: 0; cursor: pointer; }
  .pay { background: #1976d2; color: #fff; }
  .cancel { background: #eee; }
</style>
</head>
<body>
<main>
  <div class="banner" role="alert">TEST MODE - no payment will be taken. This server has no
  payment keys configured, so this page stands in for the card checkout.</div>
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
