// A minimal payment page for the browser test: the shop's real loading path (the sandbox
// script first, then loadStripe from @stripe/stripe-js/pure) and react-stripe-js's Elements
// and PaymentElement, without any of the shop's checkout.
import { type FormEvent, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { loadStripe } from '@stripe/stripe-js/pure';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';

const params = new URLSearchParams(window.location.search);

function Checkout() {
  const stripe = useStripe();
  const elements = useElements();
  const [status, setStatus] = useState('');
  const [change, setChange] = useState('');
  const [blik, setBlik] = useState('');
  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    const submitted = await elements.submit();
    if (submitted.error) {
      setStatus(`invalid: ${submitted.error.message}`);
      return;
    }
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: {
        return_url: window.location.href,
        // BLIK's code is the page's own field, as with Stripe.
        ...(blik ? { payment_method_options: { blik: { code: blik } } } : {}),
      },
    });
    setStatus(
      result.error
        ? `error: ${result.error.code ?? ''} ${result.error.decline_code ?? ''}`.trim()
        : `status: ${result.paymentIntent.status}`,
    );
  };
  return (
    <form onSubmit={pay}>
      <h1>Payment</h1>
      <PaymentElement
        onChange={(e) => setChange(`${e.value.type}${e.complete ? ' complete' : ''}`)}
      />
      <label>
        BLIK code
        <input value={blik} onChange={(e) => setBlik(e.currentTarget.value)} />
      </label>
      <button type="submit">Pay</button>
      <p role="status">{status}</p>
      <p data-testid="change">{change}</p>
    </form>
  );
}

async function main() {
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = params.get('script')!;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error('sandbox script failed'));
    document.head.append(script);
  });
  const stripe = await loadStripe(params.get('pk')!);
  (window as unknown as { sandboxAccepted: boolean }).sandboxAccepted = stripe !== null;
  createRoot(document.getElementById('root')!).render(
    <Elements
      stripe={stripe}
      options={{ clientSecret: params.get('cs')!, locale: params.get('locale') as 'de' | 'en' }}
    >
      <Checkout />
    </Elements>,
  );
}

void main();
