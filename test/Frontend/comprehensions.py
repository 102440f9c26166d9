# RUN: %pykc --emit=ast %s -o - | FileCheck %s
squares = [i * i for i in range(n) if i % 2 for j in y]
table = {k: v for k, v in items}
total = sum(x for x in data)

# CHECK-LABEL: {{^}}Module
# CHECK-NEXT:   Assign <2:1-2:56>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'squares' <2:1-2:8>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Comprehension list <2:11-2:56>
# CHECK-NEXT:         elt:
# CHECK-NEXT:           Binary '*' <2:12-2:17>
# CHECK-NEXT:             Name 'i' <2:12-2:13>
# CHECK-NEXT:             Name 'i' <2:16-2:17>
# CHECK-NEXT:         for:
# CHECK-NEXT:           Name 'i' <2:22-2:23>
# CHECK-NEXT:           in:
# CHECK-NEXT:             Call <2:27-2:35>
# CHECK-NEXT:               Name 'range' <2:27-2:32>
# CHECK-NEXT:               args:
# CHECK-NEXT:                 Name 'n' <2:33-2:34>
# CHECK-NEXT:           if:
# CHECK-NEXT:             Binary '%' <2:39-2:44>
# CHECK-NEXT:               Name 'i' <2:39-2:40>
# CHECK-NEXT:               Constant 2 <2:43-2:44>
# CHECK-NEXT:         for:
# CHECK-NEXT:           Name 'j' <2:49-2:50>
# CHECK-NEXT:           in:
# CHECK-NEXT:             Name 'y' <2:54-2:55>
# CHECK-NEXT:   Assign <3:1-3:33>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'table' <3:1-3:6>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Comprehension dict <3:9-3:33>
# CHECK-NEXT:         key:
# CHECK-NEXT:           Name 'k' <3:10-3:11>
# CHECK-NEXT:         value:
# CHECK-NEXT:           Name 'v' <3:13-3:14>
# CHECK-NEXT:         for:
# CHECK-NEXT:           Tuple <3:19-3:23>
# CHECK-NEXT:             Name 'k' <3:19-3:20>
# CHECK-NEXT:             Name 'v' <3:22-3:23>
# CHECK-NEXT:           in:
# CHECK-NEXT:             Name 'items' <3:27-3:32>
# CHECK-NEXT:   Assign <4:1-4:29>
# CHECK-NEXT:     targets:
# CHECK-NEXT:       Name 'total' <4:1-4:6>
# CHECK-NEXT:     value:
# CHECK-NEXT:       Call <4:9-4:29>
# CHECK-NEXT:         Name 'sum' <4:9-4:12>
# CHECK-NEXT:         args:
# CHECK-NEXT:           Comprehension generator <4:13-4:28>
# CHECK-NEXT:             elt:
# CHECK-NEXT:               Name 'x' <4:13-4:14>
# CHECK-NEXT:             for:
# CHECK-NEXT:               Name 'x' <4:19-4:20>
# CHECK-NEXT:               in:
# CHECK-NEXT:                 Name 'data' <4:24-4:28>
