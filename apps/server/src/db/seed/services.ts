/**
 * What the scheme can pay for: the seeded catalogue (the provider API manages it later). Each
 * page says what is covered, who can get it, how to claim and, where it applies, the medical
 * excess. Written for this portal in plain English; {phone} and {shortName} are filled in from
 * configuration when a page is read.
 */
type Service = { name: string; excess: boolean; icon: string; html: string };

const p = (text: string) => `<p>${text}</p>`;
const h2 = (text: string) => `<h2>${text}</h2>`;
const ul = (...items: string[]) => `<ul>${items.map((i) => `<li>${i}</li>`).join('')}</ul>`;
const page = (...parts: string[]) => parts.join('');

const RECEIPTS =
  'If you pay yourself, keep the receipt and claim it back with <a href="/reimbursementform">Claim reimbursement</a>.';

/** The part every page with the star carries (the list's legend says the same in short). */
const EXCESS = page(
  h2('The medical excess'),
  p(
    'The medical excess applies to this service. You pay the first part of these costs yourself, up to a set amount, and we pay after that. All services with the excess count towards the same amount. Call us on {phone} to check how much you have paid so far.',
  ),
);

export const SERVICES: Service[] = [
  {
    name: 'Medical treatment',
    excess: true,
    icon: 'medical',
    html: page(
      p('We can pay for the doctors who treat the injuries from your accident.'),
      h2('What we can pay for'),
      ul(
        'Visits to your GP',
        'Medical specialists your GP refers you to',
        'Tests your doctor orders, such as X-rays, scans and blood tests',
        'Procedures done outside hospital',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim, when the treatment is for accident injuries and is reasonable for them.'),
      h2('How to claim'),
      p(
        `Give your claim number when you book. Most doctors send the bill straight to us. Some specialist treatment needs our approval first, and your doctor can ask us for it. ${RECEIPTS}`,
      ),
      EXCESS,
    ),
  },
  {
    name: 'Hospital treatment',
    excess: true,
    icon: 'hospital',
    html: page(
      p('We can pay for hospital care for the injuries from your accident, in a public or a private hospital.'),
      h2('What we can pay for'),
      ul(
        'Emergency care',
        'A stay in hospital, including surgery',
        'Outpatient clinic appointments',
        'A stay in a rehabilitation hospital after your injuries are treated',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim whose hospital care is for accident injuries.'),
      h2('How to claim'),
      p(
        'Tell the hospital you have a claim with us and give them your claim number, so they bill us. A planned operation or a stay in a private hospital needs our approval before it happens: ask your doctor or the hospital to contact us early.',
      ),
      EXCESS,
    ),
  },
  {
    name: 'Ambulance',
    excess: false,
    icon: 'ambulance',
    html: page(
      p('We pay for ambulance transport you need because of your accident injuries.'),
      h2('What we can pay for'),
      ul(
        'The ambulance from the accident to hospital',
        'Transfers between hospitals',
        'Ambulance trips to treatment later, when your doctor says you cannot travel another way',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim. You do not need ambulance cover of your own.'),
      h2('How to claim'),
      p(
        `If you get a bill from the ambulance service, send it to us with your claim number, or call us on {phone}. You do not need to pay it first. ${RECEIPTS}`,
      ),
    ),
  },
  {
    name: 'Physiotherapy',
    excess: true,
    icon: 'physio',
    html: page(
      p('Physiotherapy can help you get back movement, strength and fitness after your injuries.'),
      h2('What we can pay for'),
      ul(
        'Treatment sessions with a registered physiotherapist',
        'Exercise programs they set for you',
        'Hydrotherapy and group classes when they are part of your treatment',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim, when the treatment helps their accident injuries.'),
      h2('How to claim'),
      p(
        `You do not need a referral for your first sessions. Give your physiotherapist your claim number, and they can bill us directly. They tell us how you are going and ask us if you need more sessions. ${RECEIPTS}`,
      ),
      EXCESS,
    ),
  },
  {
    name: 'Psychology and counselling',
    excess: true,
    icon: 'psychology',
    html: page(
      p('An accident can affect your mood, your sleep and how you cope. Talking to someone can help.'),
      h2('What we can pay for'),
      ul(
        'Sessions with a psychologist or counsellor',
        'Treatment from a psychiatrist your doctor refers you to',
        'Support for close family members in some cases, such as after a death in the accident',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim who has been affected by the accident.'),
      h2('How to claim'),
      p(
        `Talk to your GP, or call us on {phone} and we can help you find someone. Give them your claim number so they can bill us. They tell us how you are going and ask us before going past the sessions we agreed. ${RECEIPTS}`,
      ),
      EXCESS,
    ),
  },
  {
    name: 'Medicines from the pharmacy',
    excess: true,
    icon: 'pharmacy',
    html: page(
      p('We can pay for medicines and pharmacy items you need because of your accident injuries.'),
      h2('What we can pay for'),
      ul(
        'Medicines your doctor prescribes for your injuries',
        'Dressings, bandages and supports your treating team recommends',
        'Pain relief you buy without a prescription, when your doctor says you need it',
      ),
      h2('Who can get it'),
      p(
        'Anyone with an accepted claim. We do not pay for medicines you took before the accident, unless your injuries mean you need more of them.',
      ),
      h2('How to claim'),
      p(
        `Most pharmacies ask you to pay. Keep your receipts and claim them back with <a href="/reimbursementform">Claim reimbursement</a>. The receipt should show the medicine, the date and the amount.`,
      ),
      EXCESS,
    ),
  },
  {
    name: 'Dental treatment',
    excess: true,
    icon: 'dental',
    html: page(
      p('We can pay to treat teeth that were damaged in the accident.'),
      h2('What we can pay for'),
      ul(
        'An emergency visit to stop pain or bleeding',
        'Fillings, crowns and root canal treatment',
        'Dentures, bridges and, in some cases, implants',
        'Repairs to dentures damaged in the accident',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim whose teeth, gums or jaw were hurt in the accident.'),
      h2('How to claim'),
      p(
        `Emergency treatment does not need approval. For other work, ask your dentist to send us a treatment plan with the costs, and wait until we approve it. Give them your claim number so they can bill us. ${RECEIPTS}`,
      ),
      EXCESS,
    ),
  },
  {
    name: 'Chiropractic and osteopathy',
    excess: true,
    icon: 'chiro',
    html: page(
      p(
        'Chiropractors and osteopaths treat muscles, joints and the spine. They can help with pain and stiffness after an accident.',
      ),
      h2('What we can pay for'),
      ul(
        'Treatment sessions with a registered chiropractor or osteopath',
        'Exercises and advice they give you to keep improving',
      ),
      h2('Who can get it'),
      p(
        'Anyone with an accepted claim, when the treatment helps their accident injuries and they are getting better with it.',
      ),
      h2('How to claim'),
      p(
        `You do not need a referral for your first sessions. Give your practitioner your claim number, and they can bill us directly. They tell us how you are going and ask us if you need more sessions. ${RECEIPTS}`,
      ),
      EXCESS,
    ),
  },
  {
    name: 'Occupational therapy',
    excess: false,
    icon: 'ot',
    html: page(
      p('An occupational therapist helps you do everyday things again, at home, at work and in the community.'),
      h2('What we can pay for'),
      ul(
        'Assessments of what you can do and what gets in the way',
        'Practice and training to do daily tasks safely',
        'Advice on equipment and on changes to your home or car',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim whose injuries make everyday tasks hard.'),
      h2('How to claim'),
      p(
        'Your doctor, your other therapists or your contact at {shortName} can suggest an occupational therapist. Give them your claim number, and they bill us directly. They send us a plan and ask us before going past what we agreed.',
      ),
    ),
  },
  {
    name: 'Travel to treatment',
    excess: false,
    icon: 'travel',
    html: page(
      p('We can pay for getting to and from treatment for your accident injuries.'),
      h2('What we can pay for'),
      ul(
        'Public transport fares',
        'Driving in your own car, at a set rate for each kilometre, and parking',
        'Taxis or rideshare when your doctor says you cannot use public transport or drive',
        'Travel and somewhere to stay when treatment is far from home',
      ),
      h2('Who can get it'),
      p('Anyone with an accepted claim, for trips to treatment we are paying for.'),
      h2('How to claim'),
      p(
        'Keep your tickets, taxi and parking receipts. For driving, write down the date, where you went and the distance there and back. Claim it all with <a href="/reimbursementform">Claim reimbursement</a>. Ask us before you book long trips or accommodation.',
      ),
    ),
  },
  {
    name: 'Help around the house',
    excess: false,
    icon: 'household',
    html: page(
      p(
        'If your injuries stop you doing the jobs you did around the house before the accident, we may pay for someone to help.',
      ),
      h2('What we can pay for'),
      ul('Cleaning and washing', 'Gardening and mowing', 'Other household jobs you cannot do while you recover'),
      h2('Who can get it'),
      p(
        'People with an accepted claim whose injuries stop them doing these jobs. We look at what you did before the accident and what others in your home can do.',
      ),
      h2('How to claim'),
      p(
        'Call us on {phone} first: this help needs our approval before it starts. We may ask an occupational therapist to see what you need. We then arrange a provider who bills us, or agree the hours you can claim back.',
      ),
    ),
  },
  {
    name: 'Childcare',
    excess: false,
    icon: 'childcare',
    html: page(
      p('If your injuries mean you cannot look after your children, we may pay for childcare.'),
      h2('What we can pay for'),
      ul(
        'Childcare while you go to treatment',
        'Childcare while you recover, when your injuries stop you caring for your children',
        'Childcare while you are in hospital',
      ),
      h2('Who can get it'),
      p(
        'People with an accepted claim who looked after their children before the accident. We look at who else in your home can help.',
      ),
      h2('How to claim'),
      p(
        `Call us on {phone} before you book, so we can approve it. Ask the childcare provider for receipts that show the dates, hours and cost, then claim them back with <a href="/reimbursementform">Claim reimbursement</a>.`,
      ),
    ),
  },
  {
    name: 'Attendant care',
    excess: false,
    icon: 'attendant',
    html: page(
      p('If you need help with personal care because of your injuries, we can pay for a trained carer.'),
      h2('What we can pay for'),
      ul(
        'Help with showering, dressing and eating',
        'Help getting in and out of bed and moving around',
        'Support to go out, such as to appointments or shopping',
      ),
      h2('Who can get it'),
      p(
        'People with an accepted claim whose injuries mean they need help with personal care, for a short time or longer.',
      ),
      h2('How to claim'),
      p(
        'Care needs our approval before it starts. Your hospital, doctor or occupational therapist can tell us what help you need, or you can call us on {phone}. We agree the hours with you and arrange a care provider, who bills us directly.',
      ),
    ),
  },
  {
    name: 'Aids and equipment',
    excess: false,
    icon: 'equipment',
    html: page(
      p('Equipment can help you recover and do more for yourself.'),
      h2('What we can pay for'),
      ul(
        'Walking aids such as crutches and frames',
        'Wheelchairs and scooters',
        'Shower chairs, rails and toilet aids',
        'Braces, splints and pressure care items',
      ),
      h2('Who can get it'),
      p(
        'People with an accepted claim when a health professional treating them recommends the equipment for their accident injuries.',
      ),
      h2('How to claim'),
      p(
        'Ask the health professional to send us what they recommend. You can buy small, low-cost items yourself, keep the receipt and claim it back with <a href="/reimbursementform">Claim reimbursement</a>. Larger items need our approval first, and we may hire them rather than buy them. We arrange the supplier, who bills us.',
      ),
    ),
  },
  {
    name: 'Home and vehicle modifications',
    excess: false,
    icon: 'modifications',
    html: page(
      p(
        'If your injuries are serious and long lasting, we may pay to change your home or car so you can live and travel safely.',
      ),
      h2('What we can pay for'),
      ul(
        'Ramps, rails and wider doorways',
        'Changes to a bathroom or kitchen',
        'Hand controls, hoists and other changes to a car',
      ),
      h2('Who can get it'),
      p('People with an accepted claim whose injuries mean they cannot safely use their home or car as it is.'),
      h2('How to claim'),
      p(
        'Call us on {phone} to talk about it. An occupational therapist assesses what you need, and we approve the work before it starts. We arrange the builder or fitter and pay them directly. Do not start work before we have approved it, as we may not be able to pay for it.',
      ),
    ),
  },
  {
    name: 'Return to work support',
    excess: false,
    icon: 'rehab',
    html: page(
      p('We can help you get back to work safely when you are ready, at your old job or a new one.'),
      h2('What we can pay for'),
      ul(
        'A return to work plan made with you, your doctor and your employer',
        'A rehabilitation consultant to support you',
        'Changes to your duties, hours or workplace while you recover',
        'Training or help finding a new job if you cannot go back to your old one',
      ),
      h2('Who can get it'),
      p('People with an accepted claim whose injuries have affected their work.'),
      h2('How to claim'),
      p(
        'Talk to your doctor about what work you can do, then call us on {phone}. We can arrange a consultant who works with you and your employer, and we pay them directly.',
      ),
    ),
  },
  {
    name: 'Income support',
    excess: false,
    icon: 'income',
    html: page(
      p(
        'If your injuries stop you working, or mean you can only work less, you may be able to get payments for the income you have lost.',
      ),
      h2('What we can pay for'),
      ul(
        'Regular payments for part of the income you lost',
        'Payments that top up your pay if you go back to work on fewer hours',
      ),
      h2('Who can get it'),
      p(
        'People with an accepted claim who were working, or had a job to start, at the time of the accident, and whose injuries stop them working as they did.',
      ),
      h2('How to claim'),
      p(
        'Call us on {phone} to apply. You need a certificate from your doctor saying what work you can do, for how long, and proof of your income, such as payslips or a tax return. Send each new certificate to us before the last one ends.',
      ),
    ),
  },
];
