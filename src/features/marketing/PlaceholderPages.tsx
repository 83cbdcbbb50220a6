/** Routes kept as placeholders: each shows only its name, centred. */
function Placeholder({ text }: { text: string }) {
  return (
    <main id="main" className="page page--centred">
      <h1>{text}</h1>
    </main>
  );
}

export const ProfilePage = () => <Placeholder text="ProfilePage" />;
export const SettingPage = () => <Placeholder text="SettingPage" />;
export const FeedbackPage = () => <Placeholder text="FeedbackPage" />;
export const AccessDeniedPage = () => <Placeholder text="Access Denied" />;
