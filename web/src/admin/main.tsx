import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AdminProviders } from './providers';
import { createAdminRouter } from './router';
import '@/index.css';

const root = document.getElementById('root');
if (!root) throw new Error('admin.html has no #root');

createRoot(root).render(
  <StrictMode>
    <AdminProviders>
      <RouterProvider router={createAdminRouter()} />
    </AdminProviders>
  </StrictMode>,
);
