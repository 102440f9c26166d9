class C:
	def m(self):
		if x:
			return [i for i in y if i]
		elif (y := 3):
			pass
    x = 1
%%time
!ls
z = %timeit f()
w = r"\d" rb"\x" F"{a}" u"\N{DASH}"
