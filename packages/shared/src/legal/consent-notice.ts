/**
 * The consent notice shown before the first sign-in code is sent (DPDP Act 2023 s.5 and s.6; DPDP Rules
 * 2025 rule 3: a notice that stands on its own, in plain language, itemising the personal data and its
 * purpose, and saying how to withdraw consent, use one's rights and complain to the Board), in English and
 * Hindi (s.5(3): English or a language of the Eighth Schedule). Each published text has a version; the web
 * app sends the version it showed with the code request, and the account keeps which one it accepted.
 * A changed text is a new version added here, never an edit of a published one.
 */
export interface ConsentNoticeText {
  title: string;
  points: string[];
  agreement: string;
  privacyLink: string;
}

/** Every version ever published, oldest first; the last one is shown. */
export const CONSENT_NOTICE_VERSIONS = ['2026-12-notice-1'] as const;
export type ConsentNoticeVersion = (typeof CONSENT_NOTICE_VERSIONS)[number];
export const CONSENT_NOTICE_VERSION: ConsentNoticeVersion = '2026-12-notice-1';

export const CONSENT_NOTICE: Record<'en' | 'hi', ConsentNoticeText> = {
  en: {
    title: 'Before we text you a code',
    points: [
      'We use your mobile number to sign you in with a one-time code and to send you messages about your holds, bookings and payments.',
      'If you book, we also keep the name, company, GSTIN, email and billing address you give us, to invoice you and file GST. Tax law makes us keep invoices for 8 years.',
      'You can download or erase your data from your profile, and withdraw consent there at any time. Questions go to our grievance officer (see the privacy policy), and you may complain to the Data Protection Board of India.',
    ],
    agreement: 'By requesting a code you agree to this notice.',
    privacyLink: 'Privacy policy',
  },
  hi: {
    title: 'कोड भेजने से पहले',
    points: [
      'हम आपके मोबाइल नंबर का उपयोग एक बार के कोड से आपको साइन इन कराने और आपके होल्ड, बुकिंग और भुगतान के बारे में संदेश भेजने के लिए करते हैं।',
      'बुकिंग करने पर हम आपका नाम, कंपनी, GSTIN, ईमेल और बिलिंग पता भी रखते हैं, ताकि आपको बिल दे सकें और GST दाखिल कर सकें। कर कानून के अनुसार बिल 8 वर्ष तक रखे जाते हैं।',
      'आप अपनी प्रोफ़ाइल से अपना डेटा डाउनलोड कर सकते हैं या मिटा सकते हैं, और वहीं किसी भी समय सहमति वापस ले सकते हैं। प्रश्न हमारे शिकायत अधिकारी को भेजें (गोपनीयता नीति देखें); आप भारतीय डेटा संरक्षण बोर्ड से भी शिकायत कर सकते हैं।',
    ],
    agreement: 'कोड माँगकर आप इस सूचना से सहमत होते हैं।',
    privacyLink: 'गोपनीयता नीति',
  },
};

/**
 * Marketing is a purpose of its own (DPDP Act s.6(1): consent limited to a specified purpose), asked
 * separately, off until given, and withdrawable as easily as given (s.6(4)).
 */
export const MARKETING_CONSENT_VERSION = '2026-12-marketing-1';
export const MARKETING_CONSENT_TEXT =
  'Send me new sites, offers and seasonal rates by SMS and email. I can turn this off at any time.';
