/** The self-assessment question bank (content issue): 10 questions with answer scales. */
const scale = (...labels: string[]) => labels.map((label, i) => ({ Label: label, Value: String(i + 1) }));
const often = scale('Not at all', 'A little', 'Sometimes', 'Often', 'All the time');
const agree = scale('Strongly disagree', 'Disagree', 'Not sure', 'Agree', 'Strongly agree');
/** About mood: nobody has to say how they feel to finish the self-assessment. */
const oftenOrNotSay = [...often, { Label: 'Prefer not to say', Value: String(often.length + 1) }];

export const SURVEY_QUESTIONS: { html: string; answers: { Label: string; Value: string }[] }[] = [
  {
    html: '<p>How would you rate your <strong>recovery</strong> so far?</p>',
    answers: scale('Very poor', 'Poor', 'Fair', 'Good', 'Very good'),
  },
  {
    html: '<p>In the last week, how much has <strong>pain</strong> got in the way of your daily activities?</p>',
    answers: often,
  },
  {
    html: '<p>How well are you <strong>sleeping</strong>?</p>',
    answers: scale('Very badly', 'Badly', 'Fairly well', 'Well', 'Very well'),
  },
  {
    html: '<p>Are you <strong>working</strong> at the moment?</p>',
    answers: scale(
      'No, and I am not able to',
      'No, but I would like to',
      'Yes, reduced hours or duties',
      'Yes, my usual hours and duties',
      'I was not working before the accident',
    ),
  },
  { html: '<p>I feel confident about <strong>returning to my usual activities</strong>.</p>', answers: agree },
  {
    html: '<p>In the last week, how often have you felt <strong>worried or anxious</strong>?</p>',
    answers: oftenOrNotSay,
  },
  { html: '<p>In the last week, how often have you felt <strong>down or low</strong>?</p>', answers: oftenOrNotSay },
  { html: '<p>I have enough <strong>support at home</strong> from family or friends.</p>', answers: agree },
  {
    html: '<p>Do you need help with <strong>everyday tasks</strong> such as cooking, cleaning or getting around?</p>',
    answers: scale('No', 'Sometimes', 'Yes, often', 'Yes, every day'),
  },
  { html: '<p>I understand what <strong>treatment and services</strong> {shortName} can pay for.</p>', answers: agree },
];
