import { Link } from '@mui/material';
import {
  CASH_HOLD_HOURS,
  CASH_LIMIT_PAISE,
  CREATIVE_DUE_DAYS_BEFORE_START,
  formatPaise,
  HOLD_MINUTES,
  MIN_DAYS_BEFORE_START,
  PRODUCT_NAME,
  REFUND_WORKING_DAYS,
  refundPercentForDays,
} from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { type CompanyDetails, useCompanyDetails } from '../../app/layout/company-details';
import { LegalPage, type LegalSection } from './components/legal-page';

const sections = (COMPANY: CompanyDetails): LegalSection[] => [
  {
    id: 'about',
    title: 'About these terms',
    body: (
      <p>
        {PRODUCT_NAME} is an online marketplace operated by {COMPANY.legalName}, a company incorporated under
        the Companies Act, 2013, with its registered office at {COMPANY.address} ("we", "us"). These terms
        apply to everyone who visits the website, and to every booking of outdoor advertising space made
        through it. By using the website or placing a booking you agree to them. If you book on behalf of a
        company or agency, you confirm that you are authorised to bind it.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <p>
        You sign in with an Indian mobile number and a one-time code sent to it by SMS. You must be at least
        18 years old, keep the phone and the codes to yourself, and give us true and current details (name,
        company, GST number and billing address) so that invoices and permissions can be issued correctly. You
        are responsible for everything done through your account. Tell us at once if you believe someone else
        has used it.
      </p>
    ),
  },
  {
    id: 'listings',
    title: 'Sites, campaigns and the information we show',
    body: (
      <p>
        Each site (lamp post, hoarding, bridge panel, digital screen, transit or retail medium) is listed with
        its location, size, format, lighting, daily price and an estimate of impressions. Impression figures,
        photographs and maps are estimates and illustrations made in good faith from traffic studies and site
        surveys; they are not a guarantee of audience or results. Recommended campaigns are ready-made bundles
        of sites offered at the sum of their prices; you may also build your own campaign from any sites that
        are available.
      </p>
    ),
  },
  {
    id: 'bookings',
    title: 'Bookings, dates and prices',
    body: (
      <ul>
        <li>
          Prices are in Indian rupees (INR) per day. The price of a site is its daily price times the number
          of days booked; a campaign costs the sum of its sites. Goods and Services Tax is charged on top
          where it applies and is shown on your invoice.
        </li>
        <li>
          A booking must start at least {MIN_DAYS_BEFORE_START} days after the day it is made, may not run for
          more than one year, and must be at least as long as the minimum duration shown for each site. You
          choose the first and the last day of the campaign; both are booked.
        </li>
        <li>
          When you place an order the chosen sites are held for you for {HOLD_MINUTES} minutes while you pay
          online. The booking is confirmed only when full payment is received within that time; otherwise the
          hold lapses and the sites become available to others. A site is never booked twice for the same
          days.
        </li>
        <li>
          We check every price when the order is placed. If a price shown in your browser differs from the
          current price, the order is refused rather than charged, and you can review it again.
        </li>
      </ul>
    ),
  },
  {
    id: 'payments',
    title: 'Payments',
    body: (
      <p>
        Online payments are processed by Razorpay Software Private Limited under its own terms. We never see
        or store your full card number, UPI PIN or net-banking password. You may instead pay by bank transfer
        to {COMPANY.legalName}, {COMPANY.bank.name}, account {COMPANY.bank.account}, IFSC {COMPANY.bank.ifsc},
        or in cash at our office: the order then reserves its sites for {CASH_HOLD_HOURS} hours from when it
        is placed, never longer, and the booking is confirmed when the full amount including GST is received.
        The law does not allow cash payments of {formatPaise(CASH_LIMIT_PAISE)} or more for one order or from
        one person in a day (Income Tax Act s.269ST); pay such amounts by bank transfer or online.
      </p>
    ),
  },
  {
    id: 'creatives',
    title: 'Your advertisement',
    body: (
      <>
        <p>
          You are responsible for the content of your advertisement and confirm that you hold every right
          needed to display it. Creatives must be delivered in the format and size given for each site at
          least {CREATIVE_DUE_DAYS_BEFORE_START} days before the campaign starts. Every advertisement must
          comply with Indian law, the Code for Self-Regulation of the Advertising Standards Council of India
          and the rules of the local authority that permits the site.
        </p>
        <p>
          We and the site owners may refuse or take down an advertisement that is unlawful, misleading,
          obscene, promotes tobacco or liquor (including surrogate advertising) or is objected to by a
          competent authority. In that case you may supply a replacement creative; the booking itself is not
          refunded.
        </p>
      </>
    ),
  },
  {
    id: 'cancellations',
    title: 'Cancellation and refunds',
    body: (
      <ul>
        <li>
          Cancelled 15 days or more before the start date: {refundPercentForDays(15)} % of what you paid for
          the cancelled sites, GST included, is refunded.
        </li>
        <li>
          Cancelled 7 to 14 days before the start date: {refundPercentForDays(7)} % of what you paid for the
          cancelled sites is refunded.
        </li>
        <li>
          Cancelled less than 7 days before the start date, or after the campaign has started: no refund.
        </li>
        <li>
          If a site cannot be displayed for reasons beyond your control, such as an order of a municipal
          authority, road works, a power failure on a digital screen lasting more than 24 hours, or natural
          events, we will offer a comparable site or refund the days lost, at your choice.
        </li>
        <li>
          Refunds are made to the original payment method and usually reach your account within{' '}
          {REFUND_WORKING_DAYS} working days of being issued. A credit note is issued for every refund.
        </li>
      </ul>
    ),
  },
  {
    id: 'proof',
    title: 'Proof of display',
    body: (
      <p>
        For every confirmed booking the site's owner is asked to post dated photographs of each site within 48
        hours of the start; you see them on your order with the result of our checks (position, time and
        whether the photo is new). Tell us within 7 days if a site is not displaying your advertisement as
        booked so that we can put it right.
      </p>
    ),
  },
  {
    id: 'use',
    title: 'Using the website',
    body: (
      <p>
        You may not copy the catalogue in bulk, use automated means to scrape or book sites, try to break or
        overload the website, get around its security, or use it for any unlawful purpose. We may suspend
        accounts that do. The text, photographs, illustrations, logos and software of the website belong to us
        or our licensors and may not be reused without written permission.
      </p>
    ),
  },
  {
    id: 'linking',
    title: 'Linking to our website',
    body: (
      <p>
        Government agencies, search engines, news organisations and directory distributors may link to our
        home page without asking, provided the link is not misleading and does not suggest an endorsement we
        have not given. Other organisations that wish to link to us should write to{' '}
        <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link> with their name, the address of the page
        holding the link and the pages they wish to link to. Please allow 2-3 weeks for a response. You may
        not frame our pages or use our logo without a written licence.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Liability',
    body: (
      <p>
        We take reasonable care in running the website and delivering bookings, but we do not promise that the
        website will always be available or free of errors. To the extent the law allows, we are not liable
        for indirect or consequential loss, such as loss of profit, business or goodwill, and our total
        liability for any booking is limited to the amount paid for it. Nothing in these terms limits
        liability that cannot be limited under Indian law. You will indemnify us against claims arising from
        the content of your advertisement.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    body: (
      <p>
        These terms are governed by the laws of India. We will first try to resolve any dispute through
        discussion. A dispute not settled within 30 days shall be referred to a sole arbitrator under the
        Arbitration and Conciliation Act, 1996, seated in the city of our registered office and conducted in
        English. Subject to that, the courts of that city have exclusive jurisdiction.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms from time to time; the date at the top shows the latest version. Bookings
        already confirmed remain governed by the terms in force when they were made. How we handle personal
        data is described in our{' '}
        <Link component={RouterLink} to="/privacy-policy">
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
];

/** /terms-and-conditions (docs/product-spec.md section 2). */
export default function TermsPage() {
  const COMPANY = useCompanyDetails();
  return (
    <LegalPage
      title="Terms and Conditions"
      intro={
        <p>
          Please read these terms carefully before you book advertising space on {PRODUCT_NAME}. They explain
          how bookings, payments, creatives and cancellations work and what each of us is responsible for.
        </p>
      }
      sections={sections(COMPANY)}
    />
  );
}
