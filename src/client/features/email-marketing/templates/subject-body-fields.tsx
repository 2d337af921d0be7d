import type { UseFormRegisterReturn } from "react-hook-form";
import { FormField } from "../../../components/ui/form-field";
import { Input } from "../../../components/ui/input";
import { Textarea } from "../../../components/ui/textarea";
import type { useInsertTarget } from "./variable-list";

/** What the two fields need of a react-hook-form form holding subject and the body text field. */
interface SubjectBodyForm<Body extends string> {
  register: (name: "subject" | Body) => UseFormRegisterReturn;
  formState: { errors: Partial<Record<"subject" | Body, { message?: string }>> };
}

/**
 * The subject line and the Markdown body of a campaign or template, both places a variable from
 * the list can be inserted at the cursor (`target` remembers which of them was focused last).
 */
export function SubjectBodyFields<Body extends "content" | "body">({
  id,
  form,
  target,
  body,
}: {
  id: string;
  form: SubjectBodyForm<Body>;
  target: ReturnType<typeof useInsertTarget<"subject" | Body>>;
  body: { name: Body; label: string; hint: string; rows: number };
}) {
  const errors = form.formState.errors;
  const subjectReg = form.register("subject");
  const bodyReg = form.register(body.name);
  return (
    <>
      <FormField id={`${id}-subject`} name="subject" label="Subject" required error={errors.subject?.message}>
        {(control) => (
          <Input {...control} autoComplete="off" {...subjectReg} {...target.bind("subject", subjectReg.ref)} />
        )}
      </FormField>
      <FormField
        id={`${id}-${body.name}`}
        name={body.name}
        label={body.label}
        required
        hint={body.hint}
        error={errors[body.name]?.message}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={body.rows}
            className="font-mono text-sm"
            {...bodyReg}
            {...target.bind(body.name, bodyReg.ref)}
          />
        )}
      </FormField>
    </>
  );
}
