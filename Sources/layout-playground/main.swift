import PlaygroundServer
print("todo")
