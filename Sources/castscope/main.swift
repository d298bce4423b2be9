print("castscope: under construction")
