from typing import Any
HUMAN = {"kind": "human"}
BOT = {"kind": "bot", "bot": "random"}
def test_dbg(live_factory: Any) -> None:
    live = live_factory(away_grace=3600)
    table = live.create(seats=[HUMAN, BOT])
    token = table["seats"][0]["token"]
    client = live.join(table["id"], token)
    state = client.my_turn()
    client.move(state["legal"][0]["action"], state["step"])
    before = client.my_turn()
    print("before", before["step"], before["legal"], before["active"])
    client.close()
    again = live.join(table["id"], token)
    state = again.until(lambda m: m["type"]=="state")
    print("state", state["step"], state["legal"], state["active"])
    again.move(state["legal"][0]["action"], state["step"])
    for i in range(5):
        m = again.receive(); print(m["type"], m.get("step"), m.get("active"), m.get("legal"), m.get("code"), m.get("message"))
