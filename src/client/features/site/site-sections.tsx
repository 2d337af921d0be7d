/**
 * The Site tab's sections, one per part of the landing page, in the page's order. Each field is
 * bound to the form by its place in the content, so the schema's messages (and the server's)
 * show under the field they are about.
 */
import type { ReactNode } from "react";
import { useController } from "react-hook-form";
import { includedIcons, siteContentLimits, socialNetworks, teamPortraits } from "../../../shared/site-content-limits";
import { FormField } from "../../components/ui/form-field";
import { NativeSelect } from "../../components/ui/native-select";
import { InputField, LabelledOptions, SelectField, TextareaField, useFieldId } from "../../components/ui/rhf-fields";
import { SectionCard } from "../../components/ui/section-card";
import { Switch } from "../../components/ui/switch";
import { ListEditor } from "./list-editor";
import { PhotosEditor, TeamPhotoField } from "./photo-uploads";
import { markdownHint, type SiteForm } from "./site-form";

/** The sections in page order: their anchors for the tab's "jump to" links, and their headings. */
export const siteSections = [
  { id: "hero", title: "Hero" },
  { id: "photos", title: "Photos" },
  { id: "about", title: "About" },
  { id: "included", title: "What's included" },
  { id: "schedule", title: "Schedule" },
  { id: "dates", title: "Dates" },
  { id: "audience", title: "Who it is for" },
  { id: "faq", title: "FAQ" },
  { id: "team", title: "Team" },
  { id: "contact", title: "Contact" },
  { id: "notice", title: "Notice" },
] as const;
type SectionId = (typeof siteSections)[number]["id"];

export const sectionAnchor = (id: SectionId) => `site-section-${id}`;

function Section({ id, description, children }: { id: SectionId; description: ReactNode; children: ReactNode }) {
  const title = siteSections.find((section) => section.id === id)?.title;
  return (
    // The tab bar stays pinned on phones: a jump lands below it.
    <div id={sectionAnchor(id)} className="scroll-mt-20">
      <SectionCard title={title} description={description} contentClassName="grid gap-4">
        {children}
      </SectionCard>
    </div>
  );
}

const iconLabels: Record<(typeof includedIcons)[number], string> = {
  house: "House",
  utensils: "Cutlery",
  megaphone: "Megaphone",
  mountain: "Mountain",
  heart: "Heart",
  plane: "Plane",
  users: "People",
  leaf: "Leaf",
};
const networkLabels = Object.fromEntries(socialNetworks.map((n) => [n, n])) as Record<
  (typeof socialNetworks)[number],
  string
>;
const portraitLabels: Record<(typeof teamPortraits)[number], string> = {
  "team-founder": "Founder's portrait",
  "team-coordinator": "Coordinator's portrait",
};

/** A two-column row from the small breakpoint up. */
const pair = "grid gap-4 sm:grid-cols-2";

export function HeroSection({ form }: { form: SiteForm }) {
  return (
    <Section id="hero" description="The first screen: a small line above the title, the title and the lead paragraph.">
      <div className={pair}>
        <InputField form={form} name="hero.eyebrow" label="Eyebrow" required />
        <InputField form={form} name="hero.title" label="Title" required />
      </div>
      <TextareaField form={form} name="hero.lead" label="Lead" rows={3} required />
    </Section>
  );
}

export function AboutSection({ form }: { form: SiteForm }) {
  return (
    <Section id="about" description="Why this place: a heading and a few paragraphs.">
      <div className={pair}>
        <InputField form={form} name="about.eyebrow" label="Eyebrow" required />
        <InputField form={form} name="about.title" label="Title" required />
      </div>
      <TextareaField form={form} name="about.body" label="Text" rows={8} hint={markdownHint} required />
    </Section>
  );
}

export function IncludedSection({ form }: { form: SiteForm }) {
  return (
    <Section id="included" description="The cards under “What's included”, each with an icon, a title and a line.">
      <ListEditor
        form={form}
        name="included"
        itemLabel={(i) => `Item ${i + 1}`}
        addLabel="Add item"
        max={siteContentLimits.includedItems}
        newItem={() => ({ icon: "leaf" as const, title: "", text: "" })}
      >
        {(prefix) => (
          <>
            <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
              <SelectField form={form} name={`${prefix}.icon`} label="Icon">
                <LabelledOptions values={includedIcons} labels={iconLabels} />
              </SelectField>
              <InputField form={form} name={`${prefix}.title`} label="Title" required />
            </div>
            <TextareaField form={form} name={`${prefix}.text`} label="Text" rows={2} required />
          </>
        )}
      </ListEditor>
    </Section>
  );
}

export function ScheduleSection({ form }: { form: SiteForm }) {
  return (
    <Section id="schedule" description="The programme, day by day: as many days as the retreat has, in order.">
      <ListEditor
        form={form}
        name="schedule"
        itemLabel={(i) => `Day ${i + 1}`}
        addLabel="Add day"
        max={siteContentLimits.scheduleDays}
        newItem={() => ({ title: "", description: "" })}
      >
        {(prefix) => (
          <>
            <InputField form={form} name={`${prefix}.title`} label="Title" required />
            <TextareaField form={form} name={`${prefix}.description`} label="Description" rows={3} required />
          </>
        )}
      </ListEditor>
    </Section>
  );
}

export function DatesSection({ form }: { form: SiteForm }) {
  return (
    <Section
      id="dates"
      description="How the page words the dates: the hero, the dates section and the page's facts all show it."
    >
      <div className={pair}>
        <InputField form={form} name="dates.label" label="Dates" hint="For example “May 2027”." required />
        <InputField
          form={form}
          name="dates.detail"
          label="Detail"
          hint="For example “Exact dates to be announced”, or the exact dates once known."
        />
      </div>
    </Section>
  );
}

export function AudienceSection({ form }: { form: SiteForm }) {
  return (
    <Section id="audience" description="Who the retreat is for: a short title and a line each.">
      <ListEditor
        form={form}
        name="audience"
        itemLabel={(i) => `Entry ${i + 1}`}
        addLabel="Add entry"
        max={siteContentLimits.audience}
        newItem={() => ({ title: "", text: "" })}
      >
        {(prefix) => (
          <>
            <InputField form={form} name={`${prefix}.title`} label="Title" required />
            <TextareaField form={form} name={`${prefix}.text`} label="Text" rows={2} required />
          </>
        )}
      </ListEditor>
    </Section>
  );
}

export function FaqSection({ form }: { form: SiteForm }) {
  return (
    <Section id="faq" description="Questions and answers, in the order the page lists them.">
      <ListEditor
        form={form}
        name="faq"
        itemLabel={(i) => `Question ${i + 1}`}
        addLabel="Add question"
        max={siteContentLimits.faq}
        newItem={() => ({ question: "", answer: "" })}
      >
        {(prefix) => (
          <>
            <InputField form={form} name={`${prefix}.question`} label="Question" required />
            <TextareaField form={form} name={`${prefix}.answer`} label="Answer" rows={4} hint={markdownHint} required />
          </>
        )}
      </ListEditor>
    </Section>
  );
}

/** A portrait or none (null): the select's empty value stands for none. */
function PortraitField({ form, name }: { form: SiteForm; name: `team.${number}.portrait` }) {
  const { field, fieldState } = useController({ control: form.control, name });
  const id = useFieldId(name);
  return (
    <FormField id={id} name={name} label="Picture" error={fieldState.error?.message}>
      {(control) => (
        <NativeSelect
          {...control}
          ref={field.ref}
          value={field.value ?? ""}
          onBlur={field.onBlur}
          onChange={(event) => field.onChange(event.target.value === "" ? null : event.target.value)}
        >
          <option value="">No picture (initials)</option>
          <LabelledOptions values={teamPortraits} labels={portraitLabels} />
        </NativeSelect>
      )}
    </FormField>
  );
}

export function PhotosSection({ form, retreatId }: { form: SiteForm; retreatId: string }) {
  return (
    <Section
      id="photos"
      description="Your own photos instead of the illustrations: the hero picture and the gallery. Every photo needs alt text."
    >
      <PhotosEditor form={form} retreatId={retreatId} />
    </Section>
  );
}

export function TeamSection({ form, retreatId }: { form: SiteForm; retreatId?: string }) {
  return (
    <Section id="team" description="The people guests will meet. A profile's email is never shown on the site.">
      <ListEditor
        form={form}
        name="team"
        itemLabel={(i) => `Team member ${i + 1}`}
        addLabel="Add team member"
        max={siteContentLimits.team}
        empty="No team profiles: the page leaves the team section out."
        newItem={() => ({ name: "", role: "", location: "", bio: "", portrait: null, email: "" })}
      >
        {(prefix) => (
          <>
            <div className={pair}>
              <InputField form={form} name={`${prefix}.name`} label="Name" required />
              <InputField form={form} name={`${prefix}.role`} label="Role" required />
              <InputField form={form} name={`${prefix}.location`} label="Location" />
              <PortraitField form={form} name={`${prefix}.portrait`} />
            </div>
            <TextareaField form={form} name={`${prefix}.bio`} label="Bio" rows={4} hint={markdownHint} required />
            {retreatId ? <TeamPhotoField form={form} name={`${prefix}.photo`} retreatId={retreatId} /> : null}
            <InputField
              form={form}
              name={`${prefix}.email`}
              label="Their email (private)"
              type="email"
              hint="Not shown on the site: it lets a privacy request find this profile."
            />
          </>
        )}
      </ListEditor>
    </Section>
  );
}

export function ContactSection({ form }: { form: SiteForm }) {
  return (
    <Section id="contact" description="The address the FAQ and the footer give, and the footer's social links.">
      <InputField form={form} name="contact.email" label="Contact email" type="email" required />
      <h3 className="text-sm font-semibold">Social links</h3>
      <ListEditor
        form={form}
        name="contact.social"
        itemLabel={(i) => `Link ${i + 1}`}
        addLabel="Add link"
        max={siteContentLimits.social}
        empty="No social links."
        newItem={() => ({ network: "Instagram" as const, href: "https://" })}
      >
        {(prefix) => (
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <SelectField form={form} name={`${prefix}.network`} label="Network">
              <LabelledOptions values={socialNetworks} labels={networkLabels} />
            </SelectField>
            <InputField form={form} name={`${prefix}.href`} label="Address" type="url" inputMode="url" required />
          </div>
        )}
      </ListEditor>
    </Section>
  );
}

export function NoticeSection({ form }: { form: SiteForm }) {
  const { field } = useController({ control: form.control, name: "notice.show" });
  const switchId = useFieldId("notice.show");
  return (
    <Section
      id="notice"
      description="The early-development notice: a pop-up a second after the page opens, until the visitor closes it. The preview runs none of the page's scripts, so it never shows there."
    >
      <div className="flex items-center gap-3" data-field="notice.show">
        <Switch
          id={switchId}
          ref={field.ref}
          checked={field.value === true}
          onBlur={field.onBlur}
          onCheckedChange={(checked) => field.onChange(checked)}
        />
        <label htmlFor={switchId} className="text-sm font-medium">
          Show the notice
        </label>
      </div>
      <TextareaField form={form} name="notice.text" label="Notice text" rows={3} required />
    </Section>
  );
}

/** Every section, in the page's order. */
export function SiteSections({ form, retreatId }: { form: SiteForm; retreatId?: string }) {
  return (
    <>
      <HeroSection form={form} />
      {retreatId ? <PhotosSection form={form} retreatId={retreatId} /> : null}
      <AboutSection form={form} />
      <IncludedSection form={form} />
      <ScheduleSection form={form} />
      <DatesSection form={form} />
      <AudienceSection form={form} />
      <FaqSection form={form} />
      <TeamSection form={form} retreatId={retreatId} />
      <ContactSection form={form} />
      <NoticeSection form={form} />
    </>
  );
}
