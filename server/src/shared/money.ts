/** Money is kept as integer paise and sent as rupees. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
export const toRupees = (paise: number): number => paise / 100;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 2 });

/** Rupees as shoppers and merchants in India read them: ₹1,49,999.50. */
export const formatInr = (rupees: number): string => inr.format(rupees);
