import { SUPPLY_GST_BP, SUPPLY_SAC } from '../tax/tax-rates.ts';
import { gstinProblem } from './indian-ids.ts';

/**
 * GST on advertising space (docs/product-rules.md section 10, docs/decisions/026): listed prices exclude GST; SAC
 * 998366 at 18 %. The place of supply is the buyer's billing state: the marketplace's own state
 * (COMPANY_STATE) gives CGST 9 % + SGST 9 %, any other IGST 18 %.
 *
 * Rounding: tax is computed once per order on its subtotal in paise, each tax rounded half up to the
 * paisa. CGST and SGST are each 9 % rounded, so CGST + SGST may exceed IGST by one paisa (e.g. on 5 paise:
 * 0.45 -> 0 + 0 = 0 vs 0.9 -> 1; on 50 paise: 4.5 -> 5 + 5 = 10 vs 9).
 */
/** The rate and SAC with their sources live in tax/tax-rates.ts (the one file of rates). */
export const ADVERTISING_SAC = SUPPLY_SAC;
export const GST_RATE_PERCENT = SUPPLY_GST_BP / 100;

/** GST state and union-territory codes with their names (the first two digits of a GSTIN). */
export const GST_STATES: readonly { code: string; name: string; aliases?: readonly string[] }[] = [
  { code: '01', name: 'Jammu and Kashmir', aliases: ['Jammu & Kashmir', 'J&K'] },
  { code: '02', name: 'Himachal Pradesh', aliases: ['HP'] },
  { code: '03', name: 'Punjab', aliases: ['PB'] },
  { code: '04', name: 'Chandigarh', aliases: ['CH'] },
  { code: '05', name: 'Uttarakhand', aliases: ['Uttaranchal', 'UK'] },
  { code: '06', name: 'Haryana', aliases: ['HR'] },
  { code: '07', name: 'Delhi', aliases: ['New Delhi', 'NCT of Delhi', 'DL'] },
  { code: '08', name: 'Rajasthan', aliases: ['RJ'] },
  { code: '09', name: 'Uttar Pradesh', aliases: ['UP'] },
  { code: '10', name: 'Bihar', aliases: ['BR'] },
  { code: '11', name: 'Sikkim', aliases: ['SK'] },
  { code: '12', name: 'Arunachal Pradesh', aliases: ['AR'] },
  { code: '13', name: 'Nagaland', aliases: ['NL'] },
  { code: '14', name: 'Manipur', aliases: ['MN'] },
  { code: '15', name: 'Mizoram', aliases: ['MZ'] },
  { code: '16', name: 'Tripura', aliases: ['TR'] },
  { code: '17', name: 'Meghalaya', aliases: ['ML'] },
  { code: '18', name: 'Assam', aliases: ['AS'] },
  { code: '19', name: 'West Bengal', aliases: ['WB'] },
  { code: '20', name: 'Jharkhand', aliases: ['JH'] },
  { code: '21', name: 'Odisha', aliases: ['Orissa', 'OD', 'OR'] },
  { code: '22', name: 'Chhattisgarh', aliases: ['Chattisgarh', 'CG'] },
  { code: '23', name: 'Madhya Pradesh', aliases: ['MP'] },
  { code: '24', name: 'Gujarat', aliases: ['GJ'] },
  {
    code: '26',
    name: 'Dadra and Nagar Haveli and Daman and Diu',
    aliases: ['Daman and Diu', 'Dadra and Nagar Haveli', 'DN', 'DD'],
  },
  { code: '27', name: 'Maharashtra', aliases: ['MH'] },
  { code: '29', name: 'Karnataka', aliases: ['KA'] },
  { code: '30', name: 'Goa', aliases: ['GA'] },
  { code: '31', name: 'Lakshadweep', aliases: ['LD'] },
  { code: '32', name: 'Kerala', aliases: ['KL'] },
  { code: '33', name: 'Tamil Nadu', aliases: ['TN'] },
  { code: '34', name: 'Puducherry', aliases: ['Pondicherry', 'PY'] },
  { code: '35', name: 'Andaman and Nicobar Islands', aliases: ['Andaman & Nicobar Islands', 'AN'] },
  { code: '36', name: 'Telangana', aliases: ['TS', 'TG'] },
  { code: '37', name: 'Andhra Pradesh', aliases: ['AP'] },
  { code: '38', name: 'Ladakh', aliases: ['LA'] },
];

const normalise = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z]+/g, ' ')
    .trim();
const BY_NAME = new Map<string, { code: string; name: string }>();
for (const s of GST_STATES) {
  for (const n of [s.name, ...(s.aliases ?? [])]) BY_NAME.set(normalise(n), { code: s.code, name: s.name });
}

/** The GST state of a state name as a person typed it ("maharashtra", "MH", "Orissa"), or undefined. */
export function gstStateOf(name: string | null | undefined): { code: string; name: string } | undefined {
  if (!name) return undefined;
  return BY_NAME.get(normalise(name));
}

/**
 * A state as a GST document prints it, with its two-digit code (CGST Rule 46(n) and 53: the name and code
 * of the state): "Maharashtra (code 27)". A name the table does not know is printed as given.
 */
export function stateWithCode(name: string | null | undefined): string {
  const state = gstStateOf(name);
  return state ? `${state.name} (code ${state.code})` : (name ?? '');
}

/** Round half up of `paise * percent / 100`, in integers (amounts stay exact up to 5e14 paise). */
export function percentOfPaise(paise: number, percent: number): number {
  return Math.floor((paise * percent + 50) / 100);
}

export interface GstBreakdown {
  subtotalPaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  /** 'intra': CGST + SGST; 'inter': IGST; 'estimate': the billing state is not known yet (IGST-sized). */
  kind: 'intra' | 'inter' | 'estimate';
  /** The place of supply (the billing state's name), null for an estimate. */
  placeOfSupply: string | null;
}

/**
 * The taxes of an order of `subtotalPaise` for a buyer billed in `billingState`, the marketplace being
 * registered in `companyState`. An unknown billing state gives the neutral estimate (GST 18 %).
 */
export function computeGst(
  subtotalPaise: number,
  billingState: string | null | undefined,
  companyState: string,
): GstBreakdown {
  const buyer = gstStateOf(billingState);
  const company = gstStateOf(companyState);
  if (!buyer) {
    const gst = percentOfPaise(subtotalPaise, GST_RATE_PERCENT);
    return {
      subtotalPaise,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: gst,
      totalPaise: subtotalPaise + gst,
      kind: 'estimate',
      placeOfSupply: null,
    };
  }
  if (company && buyer.code === company.code) {
    const half = percentOfPaise(subtotalPaise, GST_RATE_PERCENT / 2);
    return {
      subtotalPaise,
      cgstPaise: half,
      sgstPaise: half,
      igstPaise: 0,
      totalPaise: subtotalPaise + 2 * half,
      kind: 'intra',
      placeOfSupply: buyer.name,
    };
  }
  const igst = percentOfPaise(subtotalPaise, GST_RATE_PERCENT);
  return {
    subtotalPaise,
    cgstPaise: 0,
    sgstPaise: 0,
    igstPaise: igst,
    totalPaise: subtotalPaise + igst,
    kind: 'inter',
    placeOfSupply: buyer.name,
  };
}

/**
 * Why a buyer's GSTIN cannot be used with `billingState`, or undefined when it can: format and check
 * digit (indian-ids), then its first two digits must be the billing state's code.
 */
export function buyerGstinProblem(
  gstin: string,
  billingState: string | null | undefined,
): string | undefined {
  const problem = gstinProblem(gstin);
  if (problem) return `GSTIN ${problem}`;
  const state = gstStateOf(billingState);
  if (!state) return 'Billing state is not a state or union territory of India';
  if (gstin.slice(0, 2) !== state.code)
    return `GSTIN starts with state code ${gstin.slice(0, 2)}, but ${state.name} is ${state.code}: the GSTIN must belong to the billing state`;
  return undefined;
}

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

function belowHundred(n: number): string {
  if (n < 20) return ONES[n];
  return `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`;
}

function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds]} Hundred` : '', rest ? belowHundred(rest) : '']
    .filter(Boolean)
    .join(' ');
}

/** A whole number in words with Indian grouping (crore, lakh, thousand); crores may themselves be large. */
export function integerInIndianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error('a non-negative safe integer');
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${integerInIndianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** "Rupees One Lakh Twenty Three Thousand Four Hundred Fifty Six and Forty Five Paise Only". */
export function amountInWords(paise: number): string {
  const rupees = Math.floor(paise / 100);
  const p = paise % 100;
  const r = `Rupees ${integerInIndianWords(rupees)}`;
  return p ? `${r} and ${belowHundred(p)} Paise Only` : `${r} Only`;
}
