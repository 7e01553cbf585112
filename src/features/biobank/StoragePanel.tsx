// Where the sample is stored, and placing or moving it: choose a box, then a free position on its
// map, then "Place". A position taken meanwhile (409) is said plainly and the map is drawn anew.
import { useEffect, useRef, useState, type ReactElement } from 'react';
import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { biobankActions } from './biobank.slice';
import { selectBiobank } from './biobank.selectors';
import { BoxMap, type BoxPosition } from './BoxMap';
import { messages } from './messages';
import { usePositionText } from './sampleText';

export function StoragePanel({ mayChange }: { mayChange: boolean }): ReactElement | null {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const position = usePositionText();
  const { scope, sample, box, references, editor } = useAppSelector(selectBiobank);
  const item = sample.item;
  const [boxId, setBoxId] = useState<string | null>(item?.localization?.boxId ?? null);
  const [picked, setPicked] = useState<BoxPosition | null>(null);
  // A refused position is not offered again: the refreshed map shows who holds it now.
  const chosen = editor.positionTaken ? null : picked;
  const setChosen = (position: BoxPosition | null): void => {
    if (editor.positionTaken) dispatch(biobankActions.editorReset());
    setPicked(position);
  };

  // Each chosen box is read once here; after a placement the saga reads it again.
  const requested = useRef<string | null>(null);
  useEffect(() => {
    if (item && boxId && requested.current !== boxId) {
      requested.current = boxId;
      dispatch(biobankActions.boxRequested({ instituteId: item.institute.id, boxId }));
    }
  }, [dispatch, item, boxId]);

  if (!item) return null;
  if (item.virtual) return <Text size="sm">{intl.formatMessage(messages.virtualNotStored)}</Text>;
  const place = (localization: { boxId: string; row: number; column: number } | null): void => {
    dispatch(biobankActions.saveRequested({ scope, id: item.id, input: { localization, version: item.version } }));
    setChosen(null);
  };
  return (
    <Stack>
      <Text>{position(item) ?? intl.formatMessage(messages.notStored)}</Text>
      {editor.positionTaken && (
        <Alert color="red" role="alert">
          {intl.formatMessage(messages.positionTaken)}
        </Alert>
      )}
      {mayChange && references.boxes.length > 0 && (
        <Select
          label={intl.formatMessage(messages.chooseBox)}
          data={references.boxes.map((b) => ({ value: b.id, label: intl.formatMessage(messages.boxOption, { fridge: b.fridge, compartment: b.compartment, name: b.name, free: b.freePositions }) }))}
          value={boxId}
          onChange={(value) => {
            setBoxId(value);
            setChosen(null);
          }}
        />
      )}
      {box.status === 'failed' && <Alert color="red">{intl.formatMessage(messages.boxLoadError)}</Alert>}
      {box.item && box.item.id === boxId && <BoxMap key={box.item.id} box={box.item} currentSampleId={item.id} chosen={chosen} onChoose={mayChange ? setChosen : () => undefined} />}
      {mayChange && (
        <Group>
          {chosen && boxId && (
            <Button loading={editor.status === 'saving'} onClick={() => place({ boxId, ...chosen })}>
              {intl.formatMessage(messages.place, { ...chosen })}
            </Button>
          )}
          {item.localization && (
            <Button variant="default" onClick={() => place(null)}>
              {intl.formatMessage(messages.takeOut)}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
