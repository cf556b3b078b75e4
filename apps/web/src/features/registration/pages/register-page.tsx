/**
 * /register (spec 001 §2 "Registration", "Step 1 of 2"). The maintenance message, when there is
 * one, replaces the form. On success the registration token is stored (sessionStorage, spec 000
 * §4) and the claimant goes on to /activate for the activation code.
 */
import { useNavigate } from 'react-router';
import { MaintenanceGate } from '../../../components/maintenance-gate.tsx';
import { PhoneLink } from '../../../components/phone-link.tsx';
import { provider } from '../../../lib/content/provider.ts';
import { saveRegistrationToken } from '../../../lib/session/session.ts';
import { register, type RegisterValues } from '../api/register.ts';
import { RegisterForm } from '../components/register-form.tsx';

export function RegisterPage() {
  const navigate = useNavigate();

  const onSubmit = async (values: RegisterValues) => {
    const { AccessToken } = await register(values);
    saveRegistrationToken(AccessToken);
    await navigate('/activate');
  };

  return (
    <div className="page-narrow">
      <MaintenanceGate>
        <section className="card" aria-labelledby="register-heading">
          <p className="step-label" data-testid="register-step">
            Step 1 of 2
          </p>
          <h2 id="register-heading">Create your account</h2>
          <p>
            You can register if you have an accepted claim with the {provider.name} and are 16 or older. You will need
            your claim number. After this step we send you a verification code.
          </p>
          <p>
            Need help? Call us on <PhoneLink />, {provider.callHours}.
          </p>
          <RegisterForm onSubmit={onSubmit} />
        </section>
      </MaintenanceGate>
    </div>
  );
}
