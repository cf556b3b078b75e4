/**
 * Pages the seed wrote in earlier versions of the portal, by service name. A database seeded then
 * still holds them; seeding replaces a page that is exactly one of these with today's (the
 * provider has not touched it) and leaves any other page alone (db/seed/content.ts).
 */
export const EARLIER_SERVICE_PAGES: Readonly<Record<string, readonly string[]>> = {
  'Medical treatment': [
    '<p>We can pay for visits to your GP and to medical specialists for your accident injuries.</p><p>Your doctor can bill us directly. Bring your claim number to each appointment.</p>',
  ],
  'Hospital treatment': [
    '<p>We can pay for treatment in a public or private hospital, as an inpatient or outpatient, when it is for your accident injuries.</p><p>Let the hospital know you have a claim with us so they can bill us.</p>',
  ],
  Ambulance: [
    '<p>We pay for ambulance transport from the accident and between hospitals when it is needed for your injuries.</p>',
  ],
  Physiotherapy: [
    '<p>Physiotherapy can help you recover movement and strength.</p><p>We can pay for physiotherapy that is reasonable for your injury. Your physiotherapist can tell us how you are going and ask for more sessions if needed.</p>',
  ],
  'Psychology and counselling': [
    '<p>An accident can affect how you feel. We can pay for a psychologist or counsellor to help you cope and recover.</p>',
  ],
  'Medicines from the pharmacy': [
    '<p>We can pay for medicines your doctor prescribes for your accident injuries.</p><p>Keep your receipts. You can claim them back with <a href="/reimbursementform">Claim reimbursement</a>.</p>',
  ],
  'Dental treatment': ['<p>We can pay for dental treatment for teeth damaged in the accident.</p>'],
  'Chiropractic and osteopathy': [
    '<p>We can pay for chiropractic and osteopathy treatment that is reasonable for your accident injuries.</p>',
  ],
  'Occupational therapy': [
    '<p>An occupational therapist helps you do everyday things again, at home and at work, and can recommend equipment or changes to your home.</p>',
  ],
  'Travel to treatment': [
    '<p>We can pay for your travel to and from treatment, such as public transport, taxis when you cannot use public transport, or the distance you drive.</p><p>Keep your tickets and receipts, and note the distance you drive.</p>',
  ],
  'Help around the house': [
    '<p>If your injuries stop you doing household tasks you used to do, we may pay for help with cleaning, gardening and other tasks.</p>',
  ],
  Childcare: [
    '<p>If your injuries stop you caring for your children while you attend treatment or recover, we may pay for childcare.</p>',
  ],
  'Attendant care': [
    '<p>If you need help with personal care such as showering and dressing, we can pay for a trained carer.</p>',
  ],
  'Aids and equipment': [
    '<p>We can pay for equipment that helps you recover or live independently, such as crutches, a wheelchair or a shower chair, when a health professional recommends it.</p>',
  ],
  'Home and vehicle modifications': [
    '<p>If your injuries are serious, we may pay to change your home or car, for example a ramp, rails or hand controls.</p>',
  ],
  'Return to work support': [
    '<p>We can help you plan and make a safe return to work, with your doctor and your employer.</p>',
  ],
  'Income support': [
    '<p>If you cannot work because of your injuries, you may be able to receive weekly payments for lost income. Call us to talk about your situation.</p>',
  ],
};
