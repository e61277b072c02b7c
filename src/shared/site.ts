/**
 * Who stands behind the product (footer, mails). Fictional organisations: one config module so a
 * deployment for real clients changes names and contacts in one place.
 */
export const site = {
  product: 'ImpulZ',
  initiators: ['Bureau Impuls', 'Stichting Burgerpanel Nederland'],
  bureaus: [
    { name: 'Impuls Onderzoek', email: 'helpdesk@impulsonderzoek.nl', phone: '088 412 30 00' },
    { name: 'Peilpunt Advies', email: 'helpdesk@peilpunt-advies.nl', phone: '088 733 90 10' },
  ],
} as const;

export const telHref = (phone: string) => `tel:+31${phone.replace(/\D/g, '').replace(/^0/, '')}`;
