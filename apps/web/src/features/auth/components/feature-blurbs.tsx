/** spec 000 §2: the login page's feature blurbs. */
import styles from './feature-blurbs.module.css';
import detailsIcon from '../../../assets/personal-details.svg?inline';
import messageIcon from '../../../assets/message.svg?inline';
import receiptIcon from '../../../assets/reimbursement.svg?inline';

const BLURBS = [
  { icon: detailsIcon, title: 'Update your details', text: 'Keep your personal and banking details up to date.' },
  { icon: messageIcon, title: 'Send and receive messages', text: 'Write to us and read our replies in one place.' },
  {
    icon: receiptIcon,
    title: 'Upload receipts and claim reimbursements',
    text: 'Send us receipts and get paid back for costs you have covered.',
  },
] as const;

export function FeatureBlurbs() {
  return (
    <ul className={styles.list}>
      {BLURBS.map((blurb) => (
        <li key={blurb.title} className={styles.item}>
          <img src={blurb.icon} alt="" width="48" height="48" className={styles.icon} />
          <div>
            <h3 className={styles.title}>{blurb.title}</h3>
            <p className={styles.text}>{blurb.text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
