/** What the scheme can pay for: the seeded catalogue (the provider API manages it later). */
type Service = { name: string; excess: boolean; icon: string; html: string };

const p = (...paras: string[]) => paras.map((t) => `<p>${t}</p>`).join('');

export const SERVICES: Service[] = [
  { name: 'Medical treatment', excess: true, icon: 'medical', html: p('We can pay for visits to your GP and to medical specialists for your accident injuries.', 'Your doctor can bill us directly. Bring your claim number to each appointment.') },
  { name: 'Hospital treatment', excess: true, icon: 'hospital', html: p('We can pay for treatment in a public or private hospital, as an inpatient or outpatient, when it is for your accident injuries.', 'Let the hospital know you have a claim with us so they can bill us.') },
  { name: 'Ambulance', excess: false, icon: 'ambulance', html: p('We pay for ambulance transport from the accident and between hospitals when it is needed for your injuries.') },
  { name: 'Physiotherapy', excess: true, icon: 'physio', html: p('Physiotherapy can help you recover movement and strength.', 'We can pay for physiotherapy that is reasonable for your injury. Your physiotherapist can tell us how you are going and ask for more sessions if needed.') },
  { name: 'Psychology and counselling', excess: true, icon: 'psychology', html: p('An accident can affect how you feel. We can pay for a psychologist or counsellor to help you cope and recover.') },
  { name: 'Medicines from the pharmacy', excess: true, icon: 'pharmacy', html: p('We can pay for medicines your doctor prescribes for your accident injuries.', 'Keep your receipts. You can claim them back with <a href="/reimbursementform">Claim reimbursement</a>.') },
  { name: 'Dental treatment', excess: true, icon: 'dental', html: p('We can pay for dental treatment for teeth damaged in the accident.') },
  { name: 'Chiropractic and osteopathy', excess: true, icon: 'chiro', html: p('We can pay for chiropractic and osteopathy treatment that is reasonable for your accident injuries.') },
  { name: 'Occupational therapy', excess: false, icon: 'ot', html: p('An occupational therapist helps you do everyday things again, at home and at work, and can recommend equipment or changes to your home.') },
  { name: 'Travel to treatment', excess: false, icon: 'travel', html: p('We can pay for your travel to and from treatment, such as public transport, taxis when you cannot use public transport, or the distance you drive.', 'Keep your tickets and receipts, and note the distance you drive.') },
  { name: 'Help around the house', excess: false, icon: 'household', html: p('If your injuries stop you doing household tasks you used to do, we may pay for help with cleaning, gardening and other tasks.') },
  { name: 'Childcare', excess: false, icon: 'childcare', html: p('If your injuries stop you caring for your children while you attend treatment or recover, we may pay for childcare.') },
  { name: 'Attendant care', excess: false, icon: 'attendant', html: p('If you need help with personal care such as showering and dressing, we can pay for a trained carer.') },
  { name: 'Aids and equipment', excess: false, icon: 'equipment', html: p('We can pay for equipment that helps you recover or live independently, such as crutches, a wheelchair or a shower chair, when a health professional recommends it.') },
  { name: 'Home and vehicle modifications', excess: false, icon: 'modifications', html: p('If your injuries are serious, we may pay to change your home or car, for example a ramp, rails or hand controls.') },
  { name: 'Return to work support', excess: false, icon: 'rehab', html: p('We can help you plan and make a safe return to work, with your doctor and your employer.') },
  { name: 'Income support', excess: false, icon: 'income', html: p('If you cannot work because of your injuries, you may be able to receive weekly payments for lost income. Call us to talk about your situation.') },
];
