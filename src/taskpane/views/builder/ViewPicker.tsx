import { Caption1, Dropdown, Field, Option, OptionGroup, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { MetaCube } from '../../../contract';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { useNarrowStyles } from './styles';

const useStyles = makeStyles({
  option: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  description: { color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

/**
 * The views to explore, each with its title and description; the public cubes no view draws on after them, under
 * "More" (only cubes, ungrouped, when the model has no views).
 */
export function ViewPicker({ cubes, viewName, onChoose }: { cubes: MetaCube[]; viewName: string | null; onChoose(name: string): void }) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const b = useBuilderWords();
  const chosen = cubes.find((cube) => cube.name === viewName);
  if (cubes.length === 0) return <Text>{b.noViews}</Text>;
  const views = cubes.filter((cube) => cube.type === 'view');
  const more = cubes.filter((cube) => cube.type !== 'view');
  const option = (cube: MetaCube) => (
    <Option key={cube.name} value={cube.name} text={cube.title ?? cube.name} data-view={cube.name}>
      <span className={styles.option}>
        <Text>{cube.title ?? cube.name}</Text>
        {cube.description && <Caption1 className={styles.description}>{cube.description}</Caption1>}
      </span>
    </Option>
  );
  return (
    <Field label={b.view} hint={chosen?.description}>
      <Dropdown
        className={narrow.fill}
        data-testid="builder-view-picker"
        placeholder={b.chooseView}
        value={chosen ? chosen.title ?? chosen.name : ''}
        selectedOptions={viewName ? [viewName] : []}
        onOptionSelect={(_, data) => data.optionValue && data.optionValue !== viewName && onChoose(data.optionValue)}
      >
        {views.length > 0 ? views.map(option) : more.map(option)}
        {views.length > 0 && more.length > 0 && <OptionGroup label={b.moreCubes}>{more.map(option)}</OptionGroup>}
      </Dropdown>
    </Field>
  );
}
