import { BedDouble, Trash2, X } from "lucide-react";
import { useId } from "react";
import { defaultRoomCapacity } from "../../../shared/room-rules";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { lazySchema, useSchemaForm } from "../../components/ui/rhf-fields";
import { toast } from "../../lib/use-toast";
import { useWrite } from "../../lib/use-write";
import { assignmentsPath, roomsPath, useRoomBoard } from "./schedule-api";

const addRoomSchema = lazySchema(() => import("./add-room-schema").then((m) => m.addRoomSchema));

/** Adds a room to the board's retreat (the season's), never to whichever retreat is current. */
function AddRoomForm({ retreatId }: { retreatId: string }) {
  const id = useId();
  const form = useSchemaForm(addRoomSchema, { name: "", type: "", capacity: String(defaultRoomCapacity) });
  const create = useWrite({
    request: (body: { name: string; type: string; capacity: number }) => ({
      method: "POST",
      path: roomsPath,
      body: { ...body, retreatId },
    }),
    success: "Room added",
    failure: "Failed to add room",
    refresh: [roomsPath],
  });
  const submit = form.handleSubmit(
    ({ name, type, capacity }) => create.mutate({ name, type, capacity }, { onSuccess: () => form.resetField("name") }),
    // The form shows no messages of its own: the first problem goes in the failure toast.
    (errors) =>
      toast({
        title: "Failed to add room",
        description: Object.values(errors)[0]?.message,
        variant: "destructive",
      }),
  );
  return (
    <form aria-label="Add room" onSubmit={submit} className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>Room name</Label>
        <Input id={`${id}-name`} {...form.register("name")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-type`}>Room type</Label>
        <Input id={`${id}-type`} placeholder="e.g. twin, double" {...form.register("type")} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-capacity`}>Beds</Label>
        <Input id={`${id}-capacity`} type="number" min={1} max={20} {...form.register("capacity")} />
      </div>
      <Button type="submit" disabled={create.isPending}>
        Add room
      </Button>
    </form>
  );
}

export function RoomsSection() {
  const { data, isLoading, isError } = useRoomBoard();
  const assign = useWrite({
    request: (body: { roomId: string; applicationId: string }) => ({ method: "POST", path: assignmentsPath, body }),
    success: "Guest assigned",
    failure: "Failed to assign room",
    refresh: [roomsPath],
  });
  const unassign = useWrite({
    request: (assignmentId: string) => ({ method: "DELETE", path: `${assignmentsPath}/${assignmentId}` }),
    success: "Guest removed from room",
    failure: "Failed to remove guest",
    refresh: [roomsPath],
  });
  const removeRoom = useWrite({
    request: (roomId: string) => ({ method: "DELETE", path: `${roomsPath}/${roomId}` }),
    success: "Room deleted",
    failure: "Failed to delete room",
    refresh: [roomsPath],
  });
  const rooms = data?.rooms ?? [];
  const unassigned = data?.unassigned ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Rooms</CardTitle>
        <CardDescription>
          A room never takes more people than its beds; a couple's booking takes two beds in one room.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {isLoading ? <p className="text-sm text-muted-foreground">Loading rooms...</p> : null}
        {isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load rooms.
          </p>
        ) : null}
        {data?.retreat ? <AddRoomForm retreatId={data.retreat.id} /> : null}
        {data && rooms.length === 0 ? <p className="text-sm text-muted-foreground">No rooms yet.</p> : null}
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Room board">
          {rooms.map((room) => (
            <li key={room.id} className="rounded-md border border-border p-4">
              <div className="flex items-start justify-between gap-2">
                <div>
                  <h3 className="font-semibold">{room.name}</h3>
                  <p className="text-sm text-muted-foreground">
                    {[room.type, `${room.bedsUsed}/${room.capacity} beds used`].filter(Boolean).join(" · ")}
                  </p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Delete room ${room.name}`}
                  onClick={() => {
                    if (window.confirm(`Delete ${room.name}? Its guests go back to the unassigned list.`)) {
                      removeRoom.mutate(room.id);
                    }
                  }}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </div>
              {room.assignments.length === 0 ? (
                <p className="mt-2 text-sm text-muted-foreground">Empty</p>
              ) : (
                <ul className="mt-2 grid gap-1">
                  {room.assignments.map((a) => (
                    <li key={a.id} className="flex items-center justify-between gap-2 text-sm">
                      <span className="flex items-center gap-2">
                        <BedDouble aria-hidden="true" className="size-4 text-muted-foreground" />
                        {a.name}
                        {a.isCouple ? <span className="text-muted-foreground">(couple, 2 beds)</span> : null}
                      </span>
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${a.name} from ${room.name}`}
                        onClick={() => unassign.mutate(a.id)}
                      >
                        <X aria-hidden="true" className="size-4" />
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
        <section aria-labelledby="unassigned-heading">
          <h3 id="unassigned-heading" className="mb-2 font-semibold">
            Unassigned guests
          </h3>
          {data && unassigned.length === 0 ? (
            <p className="text-sm text-muted-foreground">Every accepted guest has a room.</p>
          ) : null}
          <ul className="grid gap-2">
            {unassigned.map((g) => (
              <li key={g.applicationId} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>
                  {g.name} {g.isCouple ? <span className="text-muted-foreground">(couple, 2 beds)</span> : null}
                </span>
                <NativeSelect
                  aria-label={`Assign ${g.name} to room`}
                  className="w-56"
                  value=""
                  disabled={rooms.length === 0 || assign.isPending}
                  onChange={(e) =>
                    e.target.value && assign.mutate({ roomId: e.target.value, applicationId: g.applicationId })
                  }
                >
                  <option value="">Assign to room...</option>
                  {rooms.map((room) => (
                    <option key={room.id} value={room.id} disabled={room.capacity - room.bedsUsed < g.beds}>
                      {room.name} ({room.capacity - room.bedsUsed} free)
                    </option>
                  ))}
                </NativeSelect>
              </li>
            ))}
          </ul>
        </section>
      </CardContent>
    </Card>
  );
}
