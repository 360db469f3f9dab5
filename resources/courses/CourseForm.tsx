import { course } from '../../schema/course';
import { CreatePage, EditPage, type FormDefinition } from '../../src/forms/EntityForms';
import { CatalogueInputs } from './CatalogueInputs';

/** SPEC.md's course form, in its order. */
const inputs = <CatalogueInputs entity={course} />;

const form: FormDefinition = { schema: course.input, inputs };

/** /course/create */
export const CourseCreate = () => <CreatePage form={form} />;
/** /course/edit/{id} */
export const CourseEdit = () => <EditPage form={form} />;
