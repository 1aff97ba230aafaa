import { escapeHtml, formatRupees, PRODUCT_NAME, SANDBOX_MESSAGE_SOURCE, toRupees } from '@ooh/shared';

/** JSON inside a <script> block: "<" is escaped so no value can close the block. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The sandbox stand-in for Razorpay's payment window: one self-contained page (no external assets).
 * Pay asks the server to sign a payment (the secret never reaches the browser) and posts the result to
 * window.opener, or window.parent when framed, at this page's own origin:
 *   {source, status: 'paid', razorpay_payment_id, razorpay_order_id, razorpay_signature}
 *   {source, status: 'failed', razorpay_order_id, error: {code, description}}
 *   {source, status: 'dismissed', razorpay_order_id}   (closed or cancelled without paying)
 */
export function sandboxCheckoutPage(order: {
  providerOrderId: string;
  /** The order's pay token, sent back with Pay. */
  payToken: string;
  orderId: number;
  amountPaise: number;
  expiresAt: Date;
  /** Lets the page's one script run under the Content-Security-Policy sent with it (fresh per answer). */
  scriptNonce: string;
}) {
  const amount = escapeHtml(formatRupees(toRupees(order.amountPaise)));
  const data = { source: SANDBOX_MESSAGE_SOURCE, orderId: order.providerOrderId, token: order.payToken };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment - ${escapeHtml(PRODUCT_NAME)}</title>
<style>
  body { margin: 0; font-family: system-ui, sans-serif; background: #f3f5f9; color: #1c2430; }
  main { max-width: 360px; margin: 40px auto; background: #fff; border-radius: 12px; padding: 24px;
         box-shadow: 0 4px 20px rgba(0,0,0,.08); }
  h1 { font-size: 1.1rem; margin: 0 0 4px; }
  .badge { display: inline-block; font-size: .75rem; background: #fff3cd; color: #7a5b00; padding: 2px 8px;
           border-radius: 10px; margin-bottom: 16px; }
  .amount { font-size: 2rem; font-weight: 700; margin: 8px 0 4px; }
  .muted { color: #5b6675; font-size: .85rem; }
  .actions { display: flex; gap: 8px; margin-top: 20px; }
  button { flex: 1; font-size: 1rem; padding: 10px; border-radius: 8px; border: 1px solid #c9d1dc;
           background: #fff; cursor: pointer; }
  button.pay { background: #1a56db; color: #fff; border-color: #1a56db; }
  button:disabled { opacity: .6; cursor: default; }
  #status { min-height: 1.4em; margin-top: 12px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(PRODUCT_NAME)}</h1>
  <span class="badge">Sandbox - no real money moves</span>
  <div class="muted">Order ${order.orderId} &middot; ${escapeHtml(order.providerOrderId)}</div>
  <div class="amount" data-testid="sandbox-amount">${amount}</div>
  <div class="muted">Pay before ${escapeHtml(istTime(order.expiresAt))}</div>
  <div class="actions">
    <button type="button" class="pay" id="pay">Pay ${amount}</button>
    <button type="button" id="fail">Fail</button>
  </div>
  <div class="actions"><button type="button" id="cancel">Cancel</button></div>
  <p id="status" role="status" aria-live="polite"></p>
</main>
<script nonce="${escapeHtml(order.scriptNonce)}">
(function () {
  var data = ${scriptJson(data)};
  var done = false;
  var target = window.opener || (window.parent !== window ? window.parent : null);
  var statusEl = document.getElementById('status');
  var buttons = document.querySelectorAll('button');
  function post(message) {
    done = true;
    message.source = data.source;
    message.razorpay_order_id = data.orderId;
    if (target) target.postMessage(message, window.location.origin);
    if (window.opener) setTimeout(function () { window.close(); }, 300);
  }
  function busy(on) { for (var i = 0; i < buttons.length; i++) buttons[i].disabled = on; }
  document.getElementById('pay').addEventListener('click', function () {
    busy(true);
    statusEl.textContent = 'Processing payment...';
    fetch('/api/payments/sandbox/pay', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ razor_pay_order_id: data.orderId, token: data.token })
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) throw new Error((body && body.error && body.error.message) || 'Payment failed');
        return body;
      });
    }).then(function (body) {
      statusEl.textContent = 'Payment successful.';
      post({ status: 'paid', razorpay_payment_id: body.razorpay_payment_id,
             razorpay_signature: body.razorpay_signature });
    }).catch(function (err) {
      statusEl.textContent = err.message;
      post({ status: 'failed', error: { code: 'PAYMENT_FAILED', description: err.message } });
    });
  });
  document.getElementById('fail').addEventListener('click', function () {
    busy(true);
    statusEl.textContent = 'Payment failed.';
    post({ status: 'failed', error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed (sandbox).' } });
  });
  document.getElementById('cancel').addEventListener('click', function () {
    busy(true);
    post({ status: 'dismissed' });
  });
  window.addEventListener('pagehide', function () { if (!done) post({ status: 'dismissed' }); });
})();
</script>
</body>
</html>`;
}

/** The buyer reads times in India Standard Time, not UTC. */
function istTime(date: Date): string {
  const text = new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
  return `${text} IST`;
}
