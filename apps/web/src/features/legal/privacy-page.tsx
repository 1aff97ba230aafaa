import { Link } from '@mui/material';
import { PRODUCT_NAME } from '@ooh/shared';
import { Link as RouterLink } from 'react-router';
import { type CompanyDetails, useCompanyDetails } from '../../app/layout/company-details';
import { LegalPage, type LegalSection } from './components/legal-page';

const sections = (COMPANY: CompanyDetails): LegalSection[] => [
  {
    id: 'collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Sign-in details:</strong> your mobile number, and a record that a one-time code was sent and
          used. The code itself is never stored in readable form.
        </li>
        <li>
          <strong>Profile and billing details:</strong> your name, email address, company name and type, GST
          number, company PAN and billing address, which you give us for invoicing.
        </li>
        <li>
          <strong>Bookings:</strong> the campaigns you save or book, their sites and dates, the amounts and
          the payment reference returned by our payment provider. We do not receive your card, UPI or bank
          credentials.
        </li>
        <li>
          <strong>Messages:</strong> what you send through the contact form or the Help window: name, company,
          phone number, email address and your message.
        </li>
        <li>
          <strong>Technical data:</strong> the pages you request, your browser type and your IP address, which
          we keep only in a scrambled (hashed) form to count requests and stop abuse.
        </li>
      </ul>
    ),
  },
  {
    id: 'use',
    title: 'How we use it',
    body: (
      <ul>
        <li>to sign you in and keep your account secure;</li>
        <li>
          to check availability, hold and confirm your bookings, issue invoices and arrange display of your
          ads;
        </li>
        <li>to answer your enquiries and send you messages about your bookings;</li>
        <li>to prevent fraud and misuse, and to keep records the law requires, such as tax records;</li>
        <li>to understand, in aggregate, how the website is used so that we can improve it.</li>
      </ul>
    ),
  },
  {
    id: 'consent',
    title: 'Consent and choice',
    body: (
      <p>
        We collect personal information with your consent, given when you sign in, complete your profile or
        tick the consent box on the contact form, and only for the purposes above. You may decline to give
        optional details such as your email address, GST number or PAN; some services, like tax invoices, may
        then not be available. You may withdraw consent at any time by writing to us; this does not affect
        what was done before.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    body: (
      <>
        <p>We do not sell or rent your personal information. We share only what is needed with:</p>
        <ul>
          <li>the SMS provider that delivers your sign-in codes;</li>
          <li>Razorpay, which processes online payments under its own privacy policy;</li>
          <li>the owners and operators of the sites you book, who need your creative and campaign dates;</li>
          <li>our hosting, accounting and professional advisers, bound by confidentiality;</li>
          <li>government bodies and courts when Indian law requires it.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'browser',
    title: 'Cookies and browser storage',
    body: (
      <p>
        We do not use advertising cookies. Your cart and the campaign you are building are kept in your own
        browser's local storage, and your sign-in session in its session storage, which is cleared when you
        log out or after one hour. You can clear both at any time in your browser settings.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security and retention',
    body: (
      <p>
        We follow reasonable security practices as required by the Information Technology Act, 2000 and the
        Information Technology (Reasonable Security Practices and Procedures and Sensitive Personal Data or
        Information) Rules, 2011: encrypted connections, access limited to staff who need it, and codes and
        passwords kept only as secure hashes. We keep booking and invoice records for eight years as tax law
        requires, contact messages for two years, and other data only as long as your account is active.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    body: (
      <p>
        You may ask to see the personal information we hold about you, correct it (most of it directly on your{' '}
        <Link component={RouterLink} to="/profile">
          Profile
        </Link>{' '}
        page), or have your account deleted, subject to the records we must keep by law. Write to us at{' '}
        <Link href={`mailto:${COMPANY.email}`}>{COMPANY.email}</Link> from the email address on your account
        or tell us your registered mobile number so that we can verify the request.
      </p>
    ),
  },
  {
    id: 'links',
    title: 'Links and link requests',
    body: (
      <p>
        Our pages may link to other websites, such as our payment provider's. Their privacy practices are
        their own. If you would like to link to our website, send us your request by email; we respond to link
        requests within 2-3 weeks.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: (
      <p>
        The website is meant for businesses and adults. We do not knowingly collect data from anyone under 18.
      </p>
    ),
  },
  {
    id: 'grievance',
    title: 'Grievance Officer',
    body: (
      <p>
        If you have a concern about how your information is handled, contact our Grievance Officer,{' '}
        {COMPANY.grievanceOfficer.name}, at{' '}
        <Link href={`mailto:${COMPANY.grievanceOfficer.email}`}>{COMPANY.grievanceOfficer.email}</Link> or by
        post at {COMPANY.address}. We will acknowledge your complaint within 48 hours and resolve it within
        one month.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may update this policy; the date at the top shows when it last changed. If a change affects how we
        use information we already hold, we will tell you before it takes effect. Please also read our{' '}
        <Link component={RouterLink} to="/terms-and-conditions">
          Terms and Conditions
        </Link>
        .
      </p>
    ),
  },
];

/** /privacy-policy (docs/product-spec.md section 2): last updated February 15, 2022. */
export default function PrivacyPage() {
  const COMPANY = useCompanyDetails();
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal information {COMPANY.legalName} collects when you use{' '}
          {PRODUCT_NAME}, why we collect it, who we share it with and the choices you have.
        </p>
      }
      sections={sections(COMPANY)}
    />
  );
}
