import { AddStaffRequest, type AdminStaffMember, STAFF_ROLES, type StaffRole } from '@netkart/contract';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Trash } from '@/components/icons';
import { Badge, Button, FormField, Input, Select, Skeleton } from '@/components/ui';
import { formatDate } from '@/lib/dates';
import { useSession } from '../../auth/session';
import { LoadProblem } from '../../components/LoadProblem';
import { isAdminApiError } from '../../lib/api-client';
import { contractResolver } from '../../lib/forms';
import { useAddStaff, useRemoveStaff, useStaffList } from '../api';
import { FormProblem, Section } from './Section';

const ROLE_NAMES: Record<StaffRole, string> = {
  owner: 'Owner',
  catalogue: 'Catalogue',
  orders: 'Orders',
  'read-only': 'Read-only',
};

export function StaffSection() {
  const staff = useStaffList();
  return (
    <Section id="settings-staff" title="Staff">
      {staff.data ? (
        <StaffList members={staff.data} />
      ) : staff.isError ? (
        <LoadProblem error={staff.error} onRetry={() => staff.refetch()} />
      ) : (
        <Skeleton className="h-24 w-full" />
      )}
      <AddStaffForm />
    </Section>
  );
}

function StaffList({ members }: { members: AdminStaffMember[] }) {
  const session = useSession();
  const [removing, setRemoving] = useState<AdminStaffMember | null>(null);
  return (
    <>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
        {members.map((member) => (
          <li key={member.email} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 p-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">{member.name}</p>
              <p className="break-all text-slate-600">{member.email}</p>
              <p className="mt-1 flex flex-wrap gap-1.5">
                <Badge tone={member.role === 'owner' ? 'brand' : 'grey'}>{ROLE_NAMES[member.role]}</Badge>
                <Badge tone={member.twoFactor ? 'green' : 'yellow'}>
                  {member.twoFactor ? 'Two-factor on' : 'Two-factor off'}
                </Badge>
                {member.allStores ? <Badge tone="purple">All stores</Badge> : null}
                <span className="text-xs text-slate-500">since {formatDate(member.createdAt)}</span>
              </p>
            </div>
            {member.email !== session.email ? (
              <Button
                variant="outline"
                size="sm"
                className="text-red-700"
                aria-label={`Remove ${member.name}`}
                onClick={() => setRemoving(member)}
              >
                <Trash aria-hidden="true" className="h-4 w-4" />
                Remove
              </Button>
            ) : (
              <span className="text-xs text-slate-500">You</span>
            )}
          </li>
        ))}
      </ul>
      {removing ? <RemoveDialog member={removing} onClose={() => setRemoving(null)} /> : null}
    </>
  );
}

/** Removing an account asks first: Radix keeps the focus in the dialog and returns it after. */
function RemoveDialog({ member, onClose }: { member: AdminStaffMember; onClose: () => void }) {
  const remove = useRemoveStaff();
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    setProblem(null);
    try {
      await remove.mutateAsync(member.email);
      toast.success(`${member.name} can no longer sign in.`);
      onClose();
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status !== 401) setProblem(error.message);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(open) => open || onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-900/40" />
        <Dialog.Content className="fixed inset-x-0 bottom-0 z-50 rounded-t-2xl bg-white p-5 shadow-xl sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-full sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Remove {member.name}?</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            {member.email} will be signed out and can no longer sign in to the back office.
          </Dialog.Description>
          <div className="mt-4 space-y-3">
            <FormProblem message={problem} />
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Dialog.Close asChild>
                <Button variant="outline">Back</Button>
              </Dialog.Close>
              <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
                Remove
              </Button>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

interface AddValues {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
}

const FIELDS = ['email', 'name', 'role', 'password'] as const;

function AddStaffForm() {
  const add = useAddStaff();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<AddValues, unknown, z.output<typeof AddStaffRequest>>({
    resolver: contractResolver(AddStaffRequest),
    defaultValues: { email: '', name: '', role: 'orders', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async (request) => {
    setProblem(null);
    try {
      const added = await add.mutateAsync(request);
      toast.success(`${added.name} can now sign in at /admin.`);
      form.reset();
    } catch (error) {
      if (!isAdminApiError(error)) throw error;
      if (error.status === 401) return;
      if (error.field && (FIELDS as readonly string[]).includes(error.field)) {
        form.setError(
          error.field as Path<AddValues>,
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else {
        setProblem(error.message);
      }
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="staff-add" className="space-y-3 border-t border-slate-200 pt-4">
      <h3 id="staff-add" className="font-semibold text-slate-900">
        Add someone
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Email" htmlFor="staff-email" error={errors.email?.message}>
          <Input id="staff-email" type="email" autoComplete="off" {...form.register('email')} />
        </FormField>
        <FormField label="Name" htmlFor="staff-name" error={errors.name?.message}>
          <Input id="staff-name" autoComplete="off" {...form.register('name')} />
        </FormField>
        <FormField
          label="Role"
          htmlFor="staff-role"
          error={errors.role?.message}
          description="Owner: everything. Catalogue: products, prices, stock, import. Orders: orders, shipping, returns, refunds, tickets, no prices. Read-only: reads orders, reports and invoices, changes nothing."
        >
          <Select id="staff-role" {...form.register('role')}>
            {STAFF_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_NAMES[role]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField
          label="Password"
          htmlFor="staff-password"
          error={errors.password?.message}
          description="At least 10 characters. Tell it to them yourself, not by email."
        >
          <Input id="staff-password" type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
      </div>
      <FormProblem message={problem} />
      <Button type="submit" disabled={add.isPending}>
        Add
      </Button>
    </form>
  );
}
