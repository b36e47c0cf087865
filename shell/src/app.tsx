import { AppFluentProvider } from '@app/shared/ui';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { BusBridge } from './bus-bridge';
import { RemoteOutlet } from './federation/remote-outlet';
import { AppLayout } from './layout/app-layout';
import { ChatPage } from './pages/chat-page';
import { HomePage } from './pages/home-page';

export function App() {
  return (
    <AppFluentProvider idPrefix="shell">
      <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <BusBridge />
        <Routes>
          <Route element={<AppLayout />}>
            <Route index element={<HomePage />} />
            <Route path="/home/*" element={<HomePage />} />
            <Route
              path="/dashboard/*"
              element={<RemoteOutlet name="gallery" basePath="/dashboard" />}
            />
            <Route
              path="/generate/*"
              element={<RemoteOutlet name="generate" basePath="/generate" />}
            />
            <Route path="/models/*" element={<RemoteOutlet name="models" basePath="/models" />} />
            <Route
              path="/training/*"
              element={<RemoteOutlet name="models" basePath="/training" />}
            />
            <Route
              path="/profile/*"
              element={<RemoteOutlet name="profile" basePath="/profile" />}
            />
            <Route path="/chat" element={<ChatPage />} />
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </AppFluentProvider>
  );
}
